/* SPDX-License-Identifier: GPL-2.0 */
/* What udp_crypt.bpf.c and udp_crypt.c share. */
#ifndef _UDP_CRYPT_H
#define _UDP_CRYPT_H

#define UC_MAX_CPUS	64
#define UC_MAX_PAYLOAD	512
#define UC_TAG		16
#define UC_NONCE	12
#define UC_OVERHEAD	(UC_TAG + UC_NONCE)	/* tag, then nonce, appended */

/* struct uc_stats - what the two programs did */
struct uc_stats {
	__u64 sealed;		/* payloads encrypted on the way out */
	__u64 opened;		/* payloads authenticated and decrypted */
	__u64 forged;		/* dropped: authentication failed */
	__u64 malformed;	/* dropped: too short, too long, unreadable */
};

#endif /* _UDP_CRYPT_H */
