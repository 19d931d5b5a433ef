/* test_redfish.c: every link of a BMC's Redfish tree resolves. Starting at the service root, the
 * test GETs (curl as a learner types it) each "@odata.id" and "target"-free link the replies
 * hold, breadth first, and fails on any that does not answer with a resource (a 404's error
 * body, or curl's own error). Run from the repository root. */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "emu.h"
#include "lab.h"
#include "lab_catalog.h"

#define MAX_LINKS 256

/* Adds every "@odata.id": "PATH" of text not yet in links[0..*n). */
static void collect(const char *text, char links[][160], int *n)
{
    const char *key = "\"@odata.id\": \"";
    for (const char *p = strstr(text, key); p; p = strstr(p, key)) {
        p += strlen(key);
        size_t len = strcspn(p, "\"");
        if (len == 0 || len >= 160)
            continue;
        char path[160];
        snprintf(path, sizeof path, "%.*s", (int)len, p);
        bool seen = false;
        for (int i = 0; i < *n && !seen; i++)
            seen = !strcmp(links[i], path);
        if (!seen && *n < MAX_LINKS)
            snprintf(links[(*n)++], 160, "%s", path);
    }
}

/* The BMC of node-silent's node03 (its SEL has entries, its host hung) and of a healthy node. */
static void test_every_link_resolves(void **state)
{
    static const char *const bmcs[] = {"node03-bmc", "node01-bmc"};
    for (size_t b = 0; b < sizeof bmcs / sizeof bmcs[0]; b++) {
        char *error = NULL;
        emu_session *s = emu_session_open(*state, "node-silent", 0, &error);
        assert_non_null(s);
        static char links[MAX_LINKS][160];
        int n = 0;
        snprintf(links[n++], 160, "/redfish/v1");
        for (int i = 0; i < n; i++) {
            char line[400];
            snprintf(line, sizeof line, "curl -s -k -u admin:admin https://%s%s", bmcs[b], links[i]);
            emu_result r = emu_session_execute(s, line, strlen(line));
            if (strstr(r.text, "\"error\"") || strstr(r.text, "curl:") || !strstr(r.text, "\"@odata.id\"")) {
                fprintf(stderr, "%s: %s does not resolve:\n%s\n", bmcs[b], links[i], r.text);
                fail();
            }
            collect(r.text, links, &n);
        }
        /* the tree holds the chassis and its power and thermal resources */
        bool chassis = false, power = false;
        for (int i = 0; i < n; i++) {
            chassis |= !strcmp(links[i], "/redfish/v1/Chassis/DGX");
            power |= !strcmp(links[i], "/redfish/v1/Chassis/DGX/PowerSubsystem");
        }
        assert_true(chassis);
        assert_true(power);
        emu_session_close(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_link_resolves)};
    return cmocka_run_group_tests_name("redfish", tests, setup, teardown);
}
