/* libpmemlog side of bench/pmlog: the same workload as vf_pmlog::bench (Variant::Ours).
 * usage: pmemlog_driver <pool-file> <pool-bytes> <append-size> <total-bytes>
 * Fills the log once untimed, then appends <append-size> bytes per pmemlog_append (durable per
 * call) until <total-bytes> were appended, rewinding whenever the log is full.
 * Prints one JSON object. */
#include <errno.h>
#include <libpmemlog.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void append_or_rewind(PMEMlogpool *plp, const void *buf, size_t n) {
    if (pmemlog_append(plp, buf, n) == 0) return;
    if (errno != ENOSPC) { perror("pmemlog_append"); exit(1); }
    pmemlog_rewind(plp);
    if (pmemlog_append(plp, buf, n) != 0) { perror("pmemlog_append after rewind"); exit(1); }
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: %s <pool-file> <pool-bytes> <append-size> <total-bytes>\n", argv[0]); return 2; }
    const char *path = argv[1];
    size_t pool = strtoull(argv[2], 0, 10), size = strtoull(argv[3], 0, 10);
    unsigned long long total = strtoull(argv[4], 0, 10);
    unlink(path);
    PMEMlogpool *plp = pmemlog_create(path, pool, 0600);
    if (!plp) { perror("pmemlog_create"); return 1; }
    char *buf = malloc(size);
    for (size_t i = 0; i < size; i++) buf[i] = (char)(i * 131 + 7);
    unsigned long long appends = total / size; if (appends == 0) appends = 1;
    size_t warm = pmemlog_nbyte(plp) / size + 1;
    for (size_t i = 0; i < warm; i++) append_or_rewind(plp, buf, size);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (unsigned long long i = 0; i < appends; i++) append_or_rewind(plp, buf, size);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    double bytes = (double)appends * size;
    printf("{\"variant\":\"libpmemlog\",\"size\":%zu,\"appends\":%llu,\"bytes\":%.0f,\"seconds\":%.6f,\"mib_per_s\":%.3f,\"is_pmem\":%d}\n",
           size, appends, bytes, s, bytes / s / 1048576.0, pmemlog_nbyte(plp) > 0 ? 1 : 0);
    pmemlog_close(plp);
    unlink(path);
    free(buf);
    return 0;
}
