// Fixture for the shrinking ELF writer: the inline-asm marker `r0 = 24301` is a dead
// instruction the tests delete. It sits before map loads (relocations after a deleted slot),
// between a branch and its target, and inside a bpf-to-bpf subprogram in .text (call offsets,
// function symbols, BTF func_info/line_info of two sections).
// Build: clang-14 -O2 -g -target bpf -c xdp_shrink.c -o xdp_shrink.o
typedef unsigned int __u32;
typedef unsigned long long __u64;

#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name
#define DEAD_MARKER() asm volatile("r0 = 24301" ::: "r0")

struct {
	__uint(type, 2); /* BPF_MAP_TYPE_ARRAY */
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 4);
} hits SEC(".maps");

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;

struct xdp_md { __u32 data, data_end, data_meta, ingress_ifindex, rx_queue_index, egress_ifindex; };

static __attribute__((noinline)) int bump(__u32 key)
{
	DEAD_MARKER();
	__u64 *v = bpf_map_lookup_elem(&hits, &key);
	if (!v)
		return 0;
	*v += 1;
	return 1;
}

static __attribute__((noinline)) int pick(__u32 len)
{
	DEAD_MARKER();
	return len & 3;
}

SEC("xdp")
int xdp_shrink(struct xdp_md *ctx)
{
	__u32 len = ctx->data_end - ctx->data;
	__u32 key = 0;
	if (len > 100) {
		DEAD_MARKER();
		key = 1;
	}
	DEAD_MARKER();
	__u64 *v = bpf_map_lookup_elem(&hits, &key);
	if (v)
		*v += len;
	return bump(pick(len)) + 1; /* XDP_DROP or XDP_PASS */
}

char _license[] SEC("license") = "GPL";
