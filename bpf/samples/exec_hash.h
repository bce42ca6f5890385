/* SPDX-License-Identifier: GPL-2.0 */
/* What exec_hash.bpf.c and exec_hash.c share. */
#ifndef _EXEC_HASH_H
#define _EXEC_HASH_H

#define EH_DATA		256	/* BINPRM_BUF_SIZE: what exec reads of a file */
#define EH_DIGEST_MAX	64	/* sha512's; larger digests are refused */
#define EH_NAME_MAX	256

/**
 * struct eh_event - one exec, from the ring buffer
 * @pid: the process that exec'd (its tgid)
 * @err: kfx_crypto_hash()'s result, 0 or a negative errno
 * @len: bytes hashed: the file's first min(size, EH_DATA)
 * @comm: the task's comm, already the new program's
 * @filename: the name given to execve()
 * @interp: the file whose bytes were hashed: @filename, or a script's
 *	    interpreter (exec reads the interpreter's header last)
 * @digest: the digest, its first digest-size bytes
 */
struct eh_event {
	__u32 pid;
	__s32 err;
	__u32 len;
	__u32 pad;
	char comm[16];
	char filename[EH_NAME_MAX];
	char interp[EH_NAME_MAX];
	__u8 digest[EH_DIGEST_MAX];
};

/* struct eh_stats - what the tracing program did */
struct eh_stats {
	__u64 hashed;	/* execs hashed and sent */
	__u64 failed;	/* kfx_crypto_hash() or the copy failed (sent too) */
	__u64 missed;	/* this CPU's ctx slot was empty: not hashed */
	__u64 lost;	/* the ring buffer was full: not sent */
};

#endif /* _EXEC_HASH_H */
