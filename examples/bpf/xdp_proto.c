// Counts packets per IP protocol and drops UDP to port 9 ("discard"); passes the rest.
// Build: clang-14 -O2 -g -target bpf -c xdp_proto.c -o xdp_proto.o
typedef unsigned char __u8;
typedef unsigned short __u16;
typedef unsigned int __u32;
typedef unsigned long long __u64;

#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name

struct {
	__uint(type, 6); /* BPF_MAP_TYPE_PERCPU_ARRAY */
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, 256);
} proto_count SEC(".maps");

static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;

struct ethhdr { __u8 dst[6]; __u8 src[6]; __u16 proto; };
struct iphdr { __u8 ihl_ver, tos; __u16 len, id, frag; __u8 ttl, protocol; __u16 csum; __u32 saddr, daddr; };
struct udphdr { __u16 source, dest, len, check; };

struct xdp_md { __u32 data, data_end, data_meta, ingress_ifindex, rx_queue_index, egress_ifindex; };

SEC("xdp")
int xdp_prog(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	if ((void *)(eth + 1) > data_end)
		return 1; /* XDP_DROP */
	if (eth->proto != __builtin_bswap16(0x0800))
		return 2; /* XDP_PASS */
	struct iphdr *ip = (void *)(eth + 1);
	if ((void *)(ip + 1) > data_end)
		return 1;
	__u32 key = ip->protocol;
	__u64 *count = bpf_map_lookup_elem(&proto_count, &key);
	if (count)
		*count += 1;
	if (ip->protocol == 17) {
		struct udphdr *udp = (void *)(ip + 1);
		if ((void *)(udp + 1) > data_end)
			return 1;
		if (udp->dest == __builtin_bswap16(9))
			return 1;
	}
	return 2;
}

char _license[] SEC("license") = "GPL";
