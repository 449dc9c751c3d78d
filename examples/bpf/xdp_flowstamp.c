// Per-source flow table stamped with the clock (bpf_ktime_get_ns): the program's map output is
// different on every run, so a kernel differential check must not call that a disagreement.
// Build: clang-14 -O2 -g -target bpf -c xdp_flowstamp.c -o xdp_flowstamp.o
typedef unsigned char __u8;
typedef unsigned short __u16;
typedef unsigned int __u32;
typedef unsigned long long __u64;

#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

struct stamp {
	__u64 last_seen;
	__u64 packets;
};

struct {
	__uint(type, 1); /* BPF_MAP_TYPE_HASH */
	__type(key, __u32);
	__type(value, struct stamp);
	__uint(max_entries, 64);
} flows SEC(".maps");

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;
static long (*bpf_map_update_elem)(void *map, const void *key, const void *value, __u64 flags) = (void *)2;
static __u64 (*bpf_ktime_get_ns)(void) = (void *)5;

struct xdp_md {
	__u32 data;
	__u32 data_end;
};

SEC("xdp")
int xdp_flowstamp(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data, *data_end = (void *)(long)ctx->data_end;
	__u8 *eth = data;
	if (data + 34 > data_end)
		return 1; /* XDP_DROP */
	if (eth[12] != 0x08 || eth[13] != 0x00)
		return 2; /* XDP_PASS */
	__u32 src = *(__u32 *)(eth + 26);
	__u64 now = bpf_ktime_get_ns();
	struct stamp *s = bpf_map_lookup_elem(&flows, &src);
	if (s) {
		s->last_seen = now;
		s->packets++;
	} else {
		struct stamp n = { now, 1 };
		bpf_map_update_elem(&flows, &src, &n, 0);
	}
	return 2;
}

char _license[] SEC("license") = "GPL";
