/* limits.h: the bounds of a simulated cluster, fixed so that a scenario (scenario.h) is one
 * bounded allocation and a world (world.h) grows with its node count only. */
#ifndef EMU_MODEL_LIMITS_H
#define EMU_MODEL_LIMITS_H

#define EMU_MAX_NODES 64      /* 512 GPUs */
#define EMU_MAX_GPUS 8        /* per node */
#define EMU_MAX_NVLINKS 18    /* per GPU (H100, H200, B200: 18 links; A100: 12; V100: 6) */
#define EMU_MAX_COMPUTE_HCAS 16 /* compute ports per node: up to 8 adapters of 2 ports */
#define EMU_MAX_HCAS 18       /* per node: the compute ports and the dual-port front-end card */
#define EMU_MAX_SWITCHES 16   /* PCIe switches per node */
#define EMU_MAX_NUMA 8        /* NUMA nodes per host (NPS4 on two sockets) */
#define EMU_MAX_XIDS 8        /* Xid history kept per GPU */
#define EMU_MAX_KLOG 48       /* kernel log lines kept per node (besides the boot lines) */
#define EMU_MAX_SEL 24        /* SEL entries per BMC */
#define EMU_MAX_MOUNTS 6
#define EMU_MAX_OSTS 32       /* object storage targets of one Lustre file system */
#define EMU_MAX_FAULTS 32
#define EMU_MAX_RANKS (EMU_MAX_NODES * EMU_MAX_GPUS)
#define EMU_NAME_MAX 32
#define EMU_TEXT_MAX 256

#endif
