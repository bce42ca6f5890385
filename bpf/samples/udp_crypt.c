// SPDX-License-Identifier: GPL-2.0
/*
 * udp_crypt: UDP payloads encrypted on the wire between two network
 * namespaces, by tc programs using kfx's AES-GCM (udp_crypt.bpf.c).
 *
 *   udp_crypt [--messages N] [--help]
 *
 * Creates a veth pair kfx0 (this namespace, 10.77.0.1) / kfx1 (a new one,
 * 10.77.0.2), installs a random key through the SYSCALL program, attaches
 * `seal` at kfx0's egress and `unseal` at kfx1's ingress, and sends N
 * messages then one forged packet (a ciphertext bit flipped by `seal`) to
 * 10.77.0.2:4242.  The receiver, in the other namespace, captures each
 * frame as it arrives on kfx1 (before tc) and reads its UDP socket: every
 * message must arrive intact, no frame may carry the plaintext, the forged
 * one must be dropped and counted.  Needs root, veth, clsact (sch_ingress)
 * and `ip` (iproute2 or busybox).  Exit status: 0 passed, 1 failed or
 * could not run (a line says why), 2 usage.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "kfx.h"
#include "sample_cli.h"
#include "udp_crypt.h"
#include "udp_crypt.skel.h"
#include "udp_crypt_6_1.skel.h"

#define PORT	4242
#define MAX_MESSAGES	1000

static int run(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int run(const char *fmt, ...)
{
	char cmd[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	if (system(cmd)) {
		fprintf(stderr, "udp_crypt: \"%s\" failed\n", cmd);
		return -1;
	}
	return 0;
}

static int tc_attach(int ifindex, enum bpf_tc_attach_point where, int fd)
{
	LIBBPF_OPTS(bpf_tc_hook, hook, .ifindex = ifindex, .attach_point = where);
	LIBBPF_OPTS(bpf_tc_opts, opts, .prog_fd = fd);
	int err = bpf_tc_hook_create(&hook);

	if (err && err != -EEXIST)
		return err;
	return bpf_tc_attach(&hook, &opts);
}

/*
 * The skeleton, opened on udp_crypt.bpf.o, or with @kptr_ref on
 * udp_crypt_6_1.bpf.o: the same source with 6.1's kptr tag, so the same
 * maps, programs and variables.
 */
static struct udp_crypt *open_obj(bool kptr_ref)
{
	struct udp_crypt *skel;

	if (!kptr_ref)
		return udp_crypt__open();
	skel = calloc(1, sizeof(*skel));
	if (!skel || udp_crypt__create_skeleton(skel))
		goto fail;
	skel->skeleton->data = udp_crypt_6_1__elf_bytes(&skel->skeleton->data_sz);
	if (bpf_object__open_skeleton(skel->skeleton, NULL))
		goto fail;
	return skel;
fail:
	udp_crypt__destroy(skel);
	return NULL;
}

/* What libbpf says while a build is tried: kept, shown if none loads. */
static FILE *try_log;

static int to_try_log(enum libbpf_print_level level, const char *fmt,
		      va_list ap)
{
	return level == LIBBPF_DEBUG ? 0 : vfprintf(try_log, fmt, ap);
}

/*
 * Load the build this kernel takes, its gcm(aes) params set to @key.  If
 * neither loads, show what the verifier said of each: one failed for its
 * kptr tag, the other says what is wrong.
 */
static struct udp_crypt *load(const unsigned char key[16])
{
	static const char *const builds[] = {
		"udp_crypt.bpf.o (__kptr, 6.3+)",
		"udp_crypt_6_1.bpf.o (kptr_ref, 6.1)",
	};
	libbpf_print_fn_t old = libbpf_set_print(to_try_log);
	struct udp_crypt *skel = NULL;
	char *logs[2] = { NULL, NULL };
	size_t len[2];
	int ref, e = 0;

	for (ref = 0; ref <= 1 && !skel; ref++) {
		try_log = open_memstream(&logs[ref], &len[ref]);
		skel = try_log ? open_obj(ref) : NULL;
		if (skel) {
			skel->rodata->nr_cpus = libbpf_num_possible_cpus();
			strcpy(skel->bss->params.type, "aead");
			strcpy(skel->bss->params.algo, "gcm(aes)");
			skel->bss->params.key_len = 16;
			skel->bss->params.authsize = UC_TAG;
			memcpy(skel->bss->params.key, key, 16);
			if (udp_crypt__load(skel)) {
				e = errno;
				udp_crypt__destroy(skel);
				skel = NULL;
			}
		}
		if (try_log)
			fclose(try_log);
	}
	libbpf_set_print(old);
	if (skel && ref == 2)
		printf("udp_crypt: loaded the 6.1 build (kptr_ref key slots)\n");
	for (ref = 0; ref <= 1 && !skel; ref++)
		fprintf(stderr, "udp_crypt: %s refused:\n%s", builds[ref],
			logs[ref] ? logs[ref] : "");
	free(logs[0]);
	free(logs[1]);
	errno = e;
	return skel;
}

static void message(int i, char *buf, size_t len)
{
	snprintf(buf, len, "kfx message %d: attack at dawn", i);
}

/* The receiving end, in its own namespace: returns the exit status. */
static int receiver(struct udp_crypt *skel, int n, int ready)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(PORT) };
	struct timeval tv = { .tv_sec = 3 };
	int ifindex, cap, udp, got = 0, leaked = 0, frames = 0, i;
	char buf[2048], want[128];

	if (run("ip link set lo up") || run("ip link set kfx1 up") ||
	    run("ip addr add 10.77.0.2/24 dev kfx1"))
		return 1;
	ifindex = if_nametoindex("kfx1");
	if (tc_attach(ifindex, BPF_TC_INGRESS, bpf_program__fd(skel->progs.unseal))) {
		fprintf(stderr, "udp_crypt: attaching unseal to kfx1: %s\n", strerror(errno));
		return 1;
	}
	/* ETH_P_ALL taps see a frame before tc ingress: the wire's bytes */
	cap = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	struct sockaddr_ll ll = { .sll_family = AF_PACKET,
				  .sll_protocol = htons(ETH_P_ALL),
				  .sll_ifindex = ifindex };
	udp = socket(AF_INET, SOCK_DGRAM, 0);
	inet_pton(AF_INET, "10.77.0.2", &a.sin_addr);
	if (cap < 0 || bind(cap, (struct sockaddr *)&ll, sizeof(ll)) || udp < 0 ||
	    bind(udp, (struct sockaddr *)&a, sizeof(a))) {
		perror("udp_crypt: receiver sockets");
		return 1;
	}
	setsockopt(udp, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	fcntl(cap, F_SETFL, O_NONBLOCK);
	if (write(ready, "r", 1) != 1)
		return 1;
	for (i = 0; i < n; i++) {
		ssize_t r = recv(udp, buf, sizeof(buf) - 1, 0);

		if (r < 0)
			break;
		buf[r] = '\0';
		message(i, want, sizeof(want));
		got += !strcmp(buf, want);
		printf("udp_crypt: kfx1 received \"%s\"%s\n", buf,
		       strcmp(buf, want) ? "  (NOT what was sent)" : "");
	}
	sleep(1);	/* the forged packet */
	for (;;) {
		ssize_t r = recv(cap, buf, sizeof(buf), 0);

		if (r < 0)
			break;
		if (r < 42 || buf[23] != IPPROTO_UDP)
			continue;
		frames++;
		leaked += memmem(buf, r, "attack at dawn", 14) != NULL;
		if (frames == 1) {
			printf("udp_crypt: on the wire (kfx1, before tc): %zd bytes, payload", r);
			for (i = 42; i < r && i < 42 + 24; i++)
				printf(" %02x", (unsigned char)buf[i]);
			printf(" ...\n");
		}
	}
	printf("udp_crypt: %d of %d messages intact; %d UDP frames captured, %d with plaintext\n",
	       got, n, frames, leaked);
	return got == n && frames >= n + 1 && !leaked ? 0 : 1;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: udp_crypt [--messages N] [--help]\n"
		"Sends N UDP messages (and one forged packet) over a veth pair between\n"
		"this network namespace (kfx0, 10.77.0.1) and a new one (kfx1, 10.77.0.2),\n"
		"encrypted with AES-GCM on the wire by tc programs calling kfx's crypto\n"
		"kfuncs, and checks what arrived.  Needs root, kfx loaded, veth, clsact and ip.\n"
		"\n"
		"  --messages N  messages to send, 1 to %d (default 3)\n"
		"  -h, --help    this text\n"
		"\n"
		"Exit status: 0 passed, 1 failed or could not run, 2 usage.\n",
		MAX_MESSAGES);
}

int main(int argc, char **argv)
{
	struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons(PORT) };
	int n = 3, i, one = 1, sock, ready[2], go[2], st, err = 1;
	char peer[IF_NAMESIZE], buf[128], c;
	unsigned char key[16];
	struct udp_crypt *skel;
	LIBBPF_OPTS(bpf_test_run_opts, topts);
	pid_t pid;
	FILE *f;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "--messages") && i + 1 < argc) {
			if (cli_number("udp_crypt", "--messages", argv[++i], 1,
				       MAX_MESSAGES, &n))
				return 2;
		} else {
			if (!strcmp(argv[i], "--messages"))
				fprintf(stderr, "udp_crypt: --messages needs a number\n");
			else
				fprintf(stderr, "udp_crypt: unknown %s %s\n",
					argv[i][0] == '-' ? "option" : "argument",
					argv[i]);
			usage(stderr);
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	f = fopen("/dev/urandom", "r");
	if (!f || fread(key, 1, sizeof(key), f) != sizeof(key)) {
		fprintf(stderr, "udp_crypt: reading a key from /dev/urandom failed: %s\n",
			strerror(errno));
		return 1;
	}
	fclose(f);
	skel = load(key);
	if (!skel) {
		cli_load_failed("udp_crypt", "udp_crypt.bpf.o", errno);
		return 1;
	}
	if (bpf_prog_test_run_opts(bpf_program__fd(skel->progs.install_key), &topts) ||
	    topts.retval) {
		fprintf(stderr, "udp_crypt: creating the gcm(aes) ctx failed: %d\n",
			skel->bss->err);
		goto out;
	}
	printf("udp_crypt: gcm(aes) key installed, one ctx reference per CPU\n");
	if (run("ip link add kfx0 type veth peer name kfx1 2>/dev/null || ip link add kfx0 type veth"))
		goto out;
	/* busybox ip names the peer itself: find it through kfx0's link */
	f = fopen("/sys/class/net/kfx0/iflink", "r");
	if (!f || fscanf(f, "%d", &i) != 1 || !if_indextoname(i, peer)) {
		fprintf(stderr, "udp_crypt: cannot find kfx0's veth peer (/sys/class/net/kfx0/iflink)\n");
		goto out;
	}
	fclose(f);
	if (pipe(ready) || pipe(go)) {
		perror("udp_crypt: pipe");
		goto out;
	}
	pid = fork();
	if (pid < 0) {
		perror("udp_crypt: fork");
		goto out;
	}
	if (!pid) {
		close(ready[0]);
		if (unshare(CLONE_NEWNET)) {
			perror("udp_crypt: a network namespace for kfx1 (unshare)");
			_exit(1);
		}
		if (write(ready[1], "n", 1) != 1 || read(go[0], &c, 1) != 1)
			_exit(1);
		_exit(receiver(skel, n, ready[1]));
	}
	close(ready[1]);
	if (read(ready[0], &c, 1) != 1) {
		fprintf(stderr, "udp_crypt: the receiver did not start\n");
		goto reap;
	}
	if ((strcmp(peer, "kfx1") && run("ip link set %s name kfx1", peer)) ||
	    run("ip link set kfx1 netns %d", pid) ||
	    run("ip addr add 10.77.0.1/24 dev kfx0") || run("ip link set kfx0 up"))
		goto reap;
	if (tc_attach(if_nametoindex("kfx0"), BPF_TC_EGRESS,
		      bpf_program__fd(skel->progs.seal))) {
		fprintf(stderr, "udp_crypt: attaching seal to kfx0: %s\n", strerror(errno));
		goto reap;
	}
	if (write(go[1], "g", 1) != 1 || read(ready[0], &c, 1) != 1) {
		fprintf(stderr, "udp_crypt: the receiver stopped before it was ready (its error above)\n");
		goto reap;
	}
	sock = socket(AF_INET, SOCK_DGRAM, 0);
	if (sock < 0) {
		perror("udp_crypt: socket");
		goto reap;
	}
	/* no UDP checksum: the programs rewrite the payload */
	setsockopt(sock, SOL_SOCKET, SO_NO_CHECK, &one, sizeof(one));
	inet_pton(AF_INET, "10.77.0.2", &to.sin_addr);
	for (i = 0; i <= n; i++) {
		if (i == n)
			skel->bss->tamper_next = 1;	/* the forged one */
		message(i, buf, sizeof(buf));
		if (sendto(sock, buf, strlen(buf), 0, (struct sockaddr *)&to, sizeof(to)) < 0)
			perror("udp_crypt: sendto");
		usleep(100000);
	}
	close(sock);
reap:
	kill(pid, SIGCONT);
	waitpid(pid, &st, 0);
	printf("udp_crypt: sealed %llu, opened %llu, forged and dropped %llu, malformed %llu\n",
	       skel->bss->stats.sealed, skel->bss->stats.opened,
	       skel->bss->stats.forged, skel->bss->stats.malformed);
	err = !WIFEXITED(st) || WEXITSTATUS(st) ||
	      skel->bss->stats.forged != 1 ||
	      skel->bss->stats.opened != (unsigned long long)n;
	printf("udp_crypt: %s\n", err ? "FAILED" : "passed: plaintext intact, ciphertext on the wire, forgery dropped");
out:
	system("ip link del kfx0 2>/dev/null");
	udp_crypt__destroy(skel);
	return err;
}
