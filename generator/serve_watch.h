/* serve_watch.h: recursive inotify watch of the content and template folders, for
 * `handbook serve` to rebuild on change. Linux only. */
#ifndef HB_SERVE_WATCH_H
#define HB_SERVE_WATCH_H

#include <stddef.h>

typedef struct hb_watch hb_watch;

/* Watches every folder under each of dirs[0..dir_count) (recursively, folders created later
 * too; symbolic links to folders are followed, as content discovery does, a dir itself may be
 * one; links to files outside are not: their edits are seen at the next rebuild). Folders
 * whose name starts with '.' are skipped, and so is
 * ignore_dir (the output folder, when it lies inside a watched tree; may be NULL). A dir that
 * does not exist is an error. Returns the watch (free with hb_watch_free), or NULL with a
 * message in err (err_size bytes). */
hb_watch *hb_watch_new(const char *const *dirs, size_t dir_count, const char *ignore_dir,
                       char *err, size_t err_size);

/* The descriptor to poll for input (readable when changes are pending). */
int hb_watch_fd(const hb_watch *watch);

/* Reads every pending event without blocking, starts watching new folders, and returns how
 * many events were changes worth a rebuild: editor scratch files (".name", "name~", "*.swp",
 * vim's "4913") do not count; a queue overflow counts as one. The path of the first such
 * change is written to what (what_size bytes; may be NULL). Returns -1 on a read error. */
int hb_watch_read(hb_watch *watch, char *what, size_t what_size);

/* 1 when one of the watched folders itself was deleted or moved away (a `git checkout` or a
 * script may replace a whole folder); its changes are not seen until hb_watch_recover. */
int hb_watch_lost(const hb_watch *watch);

/* Watches again every lost folder that exists anew. Returns 1 when one came back (its files
 * may all have changed: rebuild), else 0. Call it now and then while hb_watch_lost is 1. */
int hb_watch_recover(hb_watch *watch);

/* Stops watching and frees everything. NULL is a no-op. */
void hb_watch_free(hb_watch *watch);

#endif
