// SPDX-License-Identifier: GPL-2.0
/*
 * Driver "crypto_clone", for crypto_clone.bpf.c: attach its TC program at
 * lo's ingress, send it a marked UDP packet without and then with a
 * packet socket on lo, and check that kfx wrote into the packet the
 * first time (0, the known ciphertext) and refused the clone's shared
 * data the second (-EINVAL, nothing changed).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "runner.h"

#define CLONE_PORT	7777

struct clone_out {
	int seen, result, unchanged, written;
};

/* Send one marked packet and wait (up to 2 s) for the program to see it. */
static int send_marked(int map_fd, struct clone_out *o, char *why, size_t whylen)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_port = htons(CLONE_PORT),
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	char payload[64] = "kfx clone test";
	int key = 0, seen, s, i;

	if (bpf_map_lookup_elem(map_fd, &key, o))
		return -1;
	seen = o->seen;
	s = socket(AF_INET, SOCK_DGRAM, 0);
	if (s < 0 || sendto(s, payload, sizeof(payload), 0,
			    (struct sockaddr *)&a, sizeof(a)) < 0) {
		snprintf(why, whylen, "sending to 127.0.0.1:%d: %s", CLONE_PORT,
			 strerror(errno));
		if (s >= 0)
			close(s);
		return -1;
	}
	close(s);
	for (i = 0; i < 200; i++) {
		if (bpf_map_lookup_elem(map_fd, &key, o))
			break;
		if (o->seen > seen)
			return 0;
		usleep(10000);
	}
	snprintf(why, whylen, "the TC program never saw the packet");
	return -1;
}

/* A packet socket on lo: every packet there is cloned for it. */
static int packet_socket(void)
{
	struct sockaddr_ll ll = { .sll_family = AF_PACKET,
				  .sll_protocol = htons(ETH_P_ALL),
				  .sll_ifindex = (int)if_nametoindex("lo") };
	int s = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));

	if (s >= 0 && bind(s, (struct sockaddr *)&ll, sizeof(ll))) {
		close(s);
		return -1;
	}
	return s;
}

static int run_both(int map_fd, char *why, size_t whylen)
{
	struct clone_out o;
	int ps, err;

	if (send_marked(map_fd, &o, why, whylen))
		return -1;
	if (o.result || !o.written) {
		snprintf(why, whylen, "no packet socket: %d, ciphertext %s (0 and written expected)",
			 o.result, o.written ? "written" : "not written");
		return -1;
	}
	ps = packet_socket();
	if (ps < 0) {
		snprintf(why, whylen, "packet socket on lo: %s", strerror(errno));
		return -1;
	}
	err = send_marked(map_fd, &o, why, whylen);
	close(ps);
	if (err)
		return -1;
	if (o.result != -EINVAL || !o.unchanged) {
		snprintf(why, whylen, "cloned skb: %d, packet %s (-EINVAL and unchanged expected)",
			 o.result, o.unchanged ? "unchanged" : "changed");
		return -1;
	}
	printf("# lo ingress: encrypt into the packet 0 alone, -EINVAL with a packet socket's clone, nothing written\n");
	return 0;
}

/* The guest's init leaves lo down; the drivers that send on it bring it up. */
int loopback_up(void)
{
	return system("ip link set lo up") ? -1 : 0;
}

int crypto_clone_driver(struct bpf_object *obj, struct bpf_program *prog,
			char *why, size_t whylen)
{
	struct bpf_map *m = bpf_object__find_map_by_name(obj, ".data.clone");
	LIBBPF_OPTS(bpf_tc_hook, hook, .attach_point = BPF_TC_INGRESS);
	LIBBPF_OPTS(bpf_tc_opts, opts, .prog_fd = bpf_program__fd(prog));
	int err;

	if (!m || bpf_map__value_size(m) != sizeof(struct clone_out)) {
		snprintf(why, whylen, "no .data.clone of 16 bytes");
		return -1;
	}
	if (loopback_up()) {
		snprintf(why, whylen, "cannot bring lo up");
		return -1;
	}
	hook.ifindex = (int)if_nametoindex("lo");
	err = bpf_tc_hook_create(&hook);
	if (err && err != -EEXIST) {
		snprintf(why, whylen, "clsact on lo: %s", strerror(-err));
		return -1;
	}
	err = bpf_tc_attach(&hook, &opts);
	if (err) {
		snprintf(why, whylen, "attach at lo ingress: %s", strerror(-err));
		bpf_tc_hook_destroy(&hook);
		return -1;
	}
	err = run_both(bpf_map__fd(m), why, whylen);
	opts.prog_fd = opts.flags = opts.prog_id = 0;
	bpf_tc_detach(&hook, &opts);
	bpf_tc_hook_destroy(&hook);
	return err;
}
