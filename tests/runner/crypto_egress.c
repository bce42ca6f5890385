// SPDX-License-Identifier: GPL-2.0
/*
 * Driver "crypto_egress", for crypto_hash_egress.bpf.c: attach its TC
 * program at lo's egress, send one marked UDP datagram from this task
 * (so the program runs in it, bottom halves off) and check that the
 * program hashed the payload in place to the known digest: 0, never
 * -EBUSY.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "runner.h"

#define EGRESS_PORT	7778
#define PAYLOAD_LEN	64

struct egress_out {
	int seen, result, right, pad;
};

static int send_one(int map_fd, struct egress_out *o, char *why, size_t whylen)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_port = htons(EGRESS_PORT),
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	unsigned char payload[PAYLOAD_LEN];
	int key = 0, s, i;

	for (i = 0; i < PAYLOAD_LEN; i++)
		payload[i] = (unsigned char)(i * 13 + 5);
	s = socket(AF_INET, SOCK_DGRAM, 0);
	if (s < 0 || sendto(s, payload, sizeof(payload), 0,
			    (struct sockaddr *)&a, sizeof(a)) < 0) {
		snprintf(why, whylen, "sending to 127.0.0.1:%d: %s", EGRESS_PORT,
			 strerror(errno));
		if (s >= 0)
			close(s);
		return -1;
	}
	close(s);
	/* egress runs inside sendto(): the count is there on return */
	if (bpf_map_lookup_elem(map_fd, &key, o) || !o->seen) {
		snprintf(why, whylen, "the TC program never saw the datagram");
		return -1;
	}
	return 0;
}

int crypto_egress_driver(struct bpf_object *obj, struct bpf_program *prog,
			 char *why, size_t whylen)
{
	struct bpf_map *m = bpf_object__find_map_by_name(obj, ".data.egress");
	LIBBPF_OPTS(bpf_tc_hook, hook, .attach_point = BPF_TC_EGRESS);
	LIBBPF_OPTS(bpf_tc_opts, opts, .prog_fd = bpf_program__fd(prog));
	struct egress_out o;
	int err;

	if (!m || bpf_map__value_size(m) != sizeof(o)) {
		snprintf(why, whylen, "no .data.egress of 16 bytes");
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
		snprintf(why, whylen, "attach at lo egress: %s", strerror(-err));
		bpf_tc_hook_destroy(&hook);
		return -1;
	}
	err = send_one(bpf_map__fd(m), &o, why, whylen);
	opts.prog_fd = opts.flags = opts.prog_id = 0;
	bpf_tc_detach(&hook, &opts);
	bpf_tc_hook_destroy(&hook);
	if (err)
		return -1;
	if (o.result || !o.right) {
		snprintf(why, whylen, "sha256 of the payload at lo egress: %d, digest %s (0 and right expected)",
			 o.result, o.right ? "right" : "wrong");
		return -1;
	}
	printf("# lo egress, in the sending task: sha256 of the payload in place, the digest\n");
	return 0;
}
