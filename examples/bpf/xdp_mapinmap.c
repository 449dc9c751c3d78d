// Per-queue counters kept in inner maps of a map-in-map, plus a bounded loop over the first
// packet bytes (a checksum-like sum). Test fixture for map-in-map templates (BTF `values`) and
// bounded loops. Build: clang-14 -O2 -g -target bpf -c xdp_mapinmap.c -o xdp_mapinmap.o
typedef unsigned char __u8;
typedef unsigned int __u32;
typedef unsigned long long __u64;

#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name
#define __array(name, val) typeof(val) *name[]

struct inner_map {
	__uint(type, 2); /* BPF_MAP_TYPE_ARRAY */
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 4);
};

struct {
	__uint(type, 12); /* BPF_MAP_TYPE_ARRAY_OF_MAPS */
	__uint(max_entries, 8);
	__type(key, __u32);
	__array(values, struct inner_map);
} per_queue SEC(".maps");

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;

struct xdp_md { __u32 data, data_end, data_meta, ingress_ifindex, rx_queue_index, egress_ifindex; };

SEC("xdp")
int xdp_prog(struct xdp_md *ctx)
{
	__u8 *data = (void *)(long)ctx->data;
	__u8 *data_end = (void *)(long)ctx->data_end;
	__u32 q = ctx->rx_queue_index & 7;
	__u32 sum = 0;
#pragma clang loop unroll(disable)
	for (int i = 0; i < 8; i++) {
		if (data + i + 1 > data_end)
			break;
		sum += data[i];
	}
	void *inner = bpf_map_lookup_elem(&per_queue, &q);
	if (!inner)
		return 2; /* XDP_PASS */
	__u32 k = sum & 3;
	__u64 *cnt = bpf_map_lookup_elem(inner, &k);
	if (cnt)
		*cnt += 1;
	return sum & 1 ? 1 : 2;
}

char _license[] SEC("license") = "GPL";
