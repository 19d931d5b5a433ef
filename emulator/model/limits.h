/* limits.h: the bounds of a simulated cluster, fixed so that a world (world.h) and a scenario
 * (scenario.h) are each one bounded allocation. */
#ifndef EMU_MODEL_LIMITS_H
#define EMU_MODEL_LIMITS_H



#define EMU_MAX_NODES 16
#define EMU_MAX_GPUS 8        /* per node */
#define EMU_MAX_NVLINKS 18    /* per GPU (H100: 18 NVLink4 links; A100: 12 NVLink3 links) */
#define EMU_MAX_HCAS 12       /* per node, compute and storage ports together */
#define EMU_MAX_SWITCHES 8    /* PCIe switches per node */
#define EMU_MAX_NUMA 2        /* NUMA nodes per host */
#define EMU_MAX_XIDS 8        /* Xid history kept per GPU */
#define EMU_MAX_KLOG 48       /* kernel log lines kept per node (besides the boot lines) */
#define EMU_MAX_SEL 24        /* SEL entries per BMC */
#define EMU_MAX_MOUNTS 6
#define EMU_MAX_FAULTS 24
#define EMU_MAX_RANKS (EMU_MAX_NODES * EMU_MAX_GPUS)
#define EMU_NAME_MAX 32
#define EMU_TEXT_MAX 256

#endif
