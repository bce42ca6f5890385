// SPDX-License-Identifier: GPL-2.0
/*
 * Driver "crypto_nmi", for crypto_nmi.bpf.c: attach call_rcu_watch and
 * the program at tp_btf/nmi_handler, arm it, ask the host for an NMI
 * (a console line "kfx-nmi-request": tests/vm/run-guest.sh sends one
 * through qemu's monitor), and check that the ctx's last reference was
 * dropped in NMI context with no call_rcu() made there.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "runner.h"

struct nmi_out {
	int armed, released, in_release, violations;
};

int crypto_nmi_driver(struct bpf_object *obj, struct bpf_program *prog,
		      char *why, size_t whylen)
{
	struct bpf_map *m = bpf_object__find_map_by_name(obj, ".data.nmi");
	struct bpf_program *w = bpf_object__find_program_by_name(obj, "call_rcu_watch");
	struct bpf_link *link, *watch;
	struct nmi_out o;
	int key = 0, fd, i, t;

	if (!m || !w || bpf_map__value_size(m) != sizeof(o)) {
		snprintf(why, whylen, "no .data.nmi of 16 bytes or no call_rcu_watch");
		return -1;
	}
	fd = bpf_map__fd(m);
	watch = bpf_program__attach(w);
	if (!watch)
		return attach_failed(why, whylen);
	link = bpf_program__attach(prog);
	if (!link) {
		bpf_link__destroy(watch);
		return attach_failed(why, whylen);
	}
	memset(&o, 0, sizeof(o));
	o.armed = 1;
	bpf_map_update_elem(fd, &key, &o, 0);
	for (i = 0; i < 5 && !o.released; i++) {
		printf("kfx-nmi-request %d\n", i);
		fflush(stdout);
		for (t = 0; t < 40 && !o.released; t++) {
			usleep(100000);
			bpf_map_lookup_elem(fd, &key, &o);
		}
	}
	bpf_link__destroy(link);
	bpf_link__destroy(watch);
	if (!o.released) {
		snprintf(why, whylen, "no NMI came (5 asked of the host: run-guest.sh answers kfx-nmi-request)");
		return -1;
	}
	if (o.violations) {
		snprintf(why, whylen, "the last reference dropped in NMI context called call_rcu() there %d times",
			 o.violations);
		return -1;
	}
	printf("# nmi_handler: the ctx's last reference dropped in NMI context, no call_rcu() there\n");
	return 0;
}
