/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kfx_str_core.h - the string algorithms of kfx, written once.
 *
 * Compiled into the module (module/kfx_string.c) and into the host unit
 * tests and fuzzer (tests/host/), which differ only in three memory-access
 * primitives the includer defines first:
 *
 *   int kfx_mem_check(const char *p)
 *	0 if @p may be read, -ERANGE if it is not a kernel address (NULL,
 *	user space; x86-64: arm64 has no such test, its user half faults
 *	when read).  Only the first byte of each string is checked, as
 *	upstream does.
 *   int kfx_mem_word(unsigned long addr, unsigned long *w)
 *	read the word at @addr: 0 or -EFAULT.  Aligned, except s2's in
 *	kfx_cmp_words(); never one that spans two pages.
 *   int kfx_mem_byte(const char *p, char *c)
 *	read one byte: 0 or -EFAULT.
 *
 * Names: the primitives are kfx_mem_*(); the core's entry points are
 * __kfx_<name>(), the algorithm behind the kfunc kfx_<name>() (kfx_string.c)
 * and its bounded twin kfx_<name>_buf() (kfx_string_buf.c); everything
 * else here is a static helper of the core.
 *
 * Every string comes with an @end: 0 for an unbounded string (read until
 * its NUL, fault-safely), or the first address past a buffer whose size
 * the verifier proved (the bounded twins): bytes from @end on read as NUL,
 * so a buffer without a terminator holds a string ending at its end.
 *
 * Semantics, results and errnos are those of upstream's bpf_str*() kfuncs
 * (kernel/bpf/helpers.c, 6.17 to 7.0).  Upstream is built with
 * -funsigned-char (every kernel since 6.2), so characters compare as
 * unsigned bytes; the core says so explicitly, so that kfx behaves the same
 * on 6.1, whose kbuild leaves char signed on x86.  An aligned word never crosses a
 * page, so reading the word that holds a byte faults exactly when reading
 * that byte would: the word loops below fault where a byte loop would.
 * Only little-endian 64-bit targets are supported (x86-64, arm64: Kbuild
 * refuses the others); an aligned 8-byte load never crosses a page on
 * either.
 */
#ifndef _KFX_STR_CORE_H
#define _KFX_STR_CORE_H

#define KFX_STR_MAX	65536	/* XATTR_SIZE_MAX, upstream's limit */
#define KFX_WORD	sizeof(unsigned long)
#define KFX_ONES	(~0UL / 0xff)
#define KFX_HIGHS	(KFX_ONES * 0x80)

/* 0x80 in each byte of @w that is zero, nothing else (no borrow effects). */
static inline unsigned long kfx_zero_bytes(unsigned long w)
{
	unsigned long low7 = ~KFX_HIGHS;

	return ~(((w & low7) + low7) | w | low7);
}

/* 0x80 in each byte of the word at string index @pos within [@lo, @lim). */
static inline unsigned long kfx_valid_bytes(long pos, long lo, long lim)
{
	unsigned long m = KFX_HIGHS;
	long skip = lo - pos;
	long hi = lim - pos;

	if (skip > 0)
		m &= ~0UL << (8 * skip);
	if (hi < (long)KFX_WORD)
		m &= hi > 0 ? ~(~0UL << (8 * hi)) : 0;
	return m;
}

static inline unsigned int kfx_first_byte(unsigned long m)
{
	return __builtin_ctzl(m) / 8;
}

static inline unsigned int kfx_last_byte(unsigned long m)
{
	return (8 * KFX_WORD - 1 - __builtin_clzl(m)) / 8;
}

/*
 * The kernel's tolower() (lib/ctype.c): ASCII A-Z and ISO-8859-1 0xc0-0xde
 * except 0xd7 fold to lower case.  A table, as the kernel's _ctype is.
 */
static const unsigned char kfx_lower[256] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
	0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
	0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
	0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27,
	0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f,
	0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37,
	0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f,
	0x40, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67,
	0x68, 0x69, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f,
	0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77,
	0x78, 0x79, 0x7a, 0x5b, 0x5c, 0x5d, 0x5e, 0x5f,
	0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67,
	0x68, 0x69, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f,
	0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77,
	0x78, 0x79, 0x7a, 0x7b, 0x7c, 0x7d, 0x7e, 0x7f,
	0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87,
	0x88, 0x89, 0x8a, 0x8b, 0x8c, 0x8d, 0x8e, 0x8f,
	0x90, 0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97,
	0x98, 0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0x9f,
	0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7,
	0xa8, 0xa9, 0xaa, 0xab, 0xac, 0xad, 0xae, 0xaf,
	0xb0, 0xb1, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7,
	0xb8, 0xb9, 0xba, 0xbb, 0xbc, 0xbd, 0xbe, 0xbf,
	0xe0, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7,
	0xe8, 0xe9, 0xea, 0xeb, 0xec, 0xed, 0xee, 0xef,
	0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xd7,
	0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xdf,
	0xe0, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7,
	0xe8, 0xe9, 0xea, 0xeb, 0xec, 0xed, 0xee, 0xef,
	0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
	0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff,
};

static inline char kfx_tolower(char c)
{
	return kfx_lower[(unsigned char)c];
}

/* The byte at @p; from @end on (when @end is set) a bounded string's NUL. */
static inline int kfx_byte(const char *p, unsigned long end, char *c)
{
	if (end && (unsigned long)p >= end) {
		*c = '\0';
		return 0;
	}
	return kfx_mem_byte(p, c);
}

/* Bounded strings are BPF memory the verifier proved: nothing to check. */
static inline int kfx_check(const char *p, unsigned long end)
{
	return end ? 0 : kfx_mem_check(p);
}

/*
 * Short strings are the common case: the first KFX_HEAD bytes go one at a
 * time, as upstream reads them, before the word loop pays its setup.
 */
#define KFX_HEAD	2

/* 0x80 in each byte of @w that is NUL, or @c's byte (@rep) when @find_c. */
static __always_inline unsigned long kfx_hits(unsigned long w, bool find_c,
					      unsigned long rep)
{
	return kfx_zero_bytes(w) | (find_c ? kfx_zero_bytes(w ^ rep) : 0);
}

/* Whether @w holds a NUL, or @c's byte (@rep) when @find_c: fewer steps. */
static __always_inline bool kfx_any_hit(unsigned long w, bool find_c,
					unsigned long rep)
{
	unsigned long x = w ^ rep;
	unsigned long any = (w - KFX_ONES) & ~w;

	if (find_c)
		any |= (x - KFX_ONES) & ~x;
	return any & KFX_HIGHS;
}

/*
 * From a 16-byte aligned @addr (string index *@pos), past pairs of words
 * without a hit while the second word starts below @lim: two words of a
 * 16-byte aligned pair are on one page, and the second starts inside the
 * string or buffer.  Stops at a pair with a hit or a word that cannot be
 * read, for the one-word loop to find (or fault on) it.
 */
static __always_inline void kfx_scan_pairs(unsigned long *addr, long *pos,
					   long lim, bool find_c,
					   unsigned long rep)
{
	unsigned long w0, w1;

	for (; lim - *pos > (long)KFX_WORD; *pos += 2 * KFX_WORD, *addr += 2 * KFX_WORD) {
		if (kfx_mem_word(*addr, &w0) || kfx_mem_word(*addr + KFX_WORD, &w1))
			return;
		if (kfx_any_hit(w0, find_c, rep) || kfx_any_hit(w1, find_c, rep))
			return;
	}
}

/*
 * First byte within [0, @lim) of string @s that is NUL, or @c as well when
 * @find_c.  Return its index, and in *@is_c whether it was @c, or @lim if
 * none, or -EFAULT.  A hit past @lim in the last word is no hit: the index
 * is capped at @lim rather than the word masked.
 */
static __always_inline long kfx_scan_words(const char *s, long lim,
					   bool find_c, char c, bool *is_c)
{
	unsigned long rep = KFX_ONES * (unsigned char)c;
	unsigned long addr, w, m;
	long pos, i, r;
	char b;

	*is_c = false;
	/* Limits within the head cost no check a byte beyond this one. */
	for (i = 0; i < KFX_HEAD; i++) {
		if (i == lim)
			return lim;
		if (kfx_mem_byte(s + i, &b))
			return -EFAULT;
		if (find_c && b == c) {
			*is_c = true;
			return i;
		}
		if (!b)
			return i;
	}
	if (lim == KFX_HEAD)
		return lim;
	addr = (unsigned long)(s + KFX_HEAD) & ~(KFX_WORD - 1);
	pos = addr - (unsigned long)s;
	/* The first word may hold bytes before KFX_HEAD: skip them. */
	if (kfx_mem_word(addr, &w))
		return -EFAULT;
	m = kfx_hits(w, find_c, rep) & (~0UL << (8 * (KFX_HEAD - pos)));
	while (!m) {
		pos += KFX_WORD;
		addr += KFX_WORD;
		if (!(addr & KFX_WORD))
			kfx_scan_pairs(&addr, &pos, lim, find_c, rep);
		if (pos >= lim)
			return lim;
		if (kfx_mem_word(addr, &w))
			return -EFAULT;
		m = kfx_hits(w, find_c, rep);
	}
	r = pos + kfx_first_byte(m);
	if (r >= lim)
		return lim;
	*is_c = find_c && (kfx_zero_bytes(w ^ rep) >> (8 * (r - pos)) & 0x80);
	return r;
}

/* kfx_scan_words() on a string whose bounded buffer ends in a virtual NUL. */
static __always_inline long kfx_scan(const char *s, unsigned long end,
				     long lim, bool find_c, char c, bool *is_c)
{
	bool short_buf = end && (long)(end - (unsigned long)s) < lim;
	long n;

	/* One copy of the scan, for code size: the bounded twins pay a cmov. */
	if (short_buf)
		lim = end - (unsigned long)s;
	n = kfx_scan_words(s, lim, find_c, c, is_c);
	if (short_buf && n == lim)	/* the buffer's virtual NUL */
		*is_c = find_c && !c;
	return n;
}

static __always_inline int __kfx_strnlen(const char *s, unsigned long end,
					 size_t count)
{
	long lim = count < KFX_STR_MAX ? count : KFX_STR_MAX;
	bool is_c;
	long n;
	int err;

	err = kfx_check(s, end);
	if (err)
		return err;
	if (!lim)
		return 0;
	n = kfx_scan(s, end, lim, false, 0, &is_c);
	if (n < 0)
		return n;
	return n == KFX_STR_MAX ? -E2BIG : n;
}

static __always_inline int __kfx_strlen(const char *s, unsigned long end)
{
	return __kfx_strnlen(s, end, KFX_STR_MAX);
}

static __always_inline int __kfx_strnchr(const char *s, unsigned long end,
					 size_t count, char c)
{
	long lim = count < KFX_STR_MAX ? count : KFX_STR_MAX;
	bool is_c;
	long n;
	int err;

	err = kfx_check(s, end);
	if (err)
		return err;
	if (!lim)
		return -ENOENT;
	n = kfx_scan(s, end, lim, true, c, &is_c);
	if (n < 0)
		return n;
	if (n == lim)
		return lim == KFX_STR_MAX ? -E2BIG : -ENOENT;
	return is_c ? n : -ENOENT;
}

static __always_inline int __kfx_strchr(const char *s, unsigned long end,
					char c)
{
	return __kfx_strnchr(s, end, KFX_STR_MAX, c);
}

static __always_inline int __kfx_strchrnul(const char *s, unsigned long end,
					   char c)
{
	bool is_c;
	long n;
	int err;

	err = kfx_check(s, end);
	if (err)
		return err;
	n = kfx_scan(s, end, KFX_STR_MAX, true, c, &is_c);
	if (n < 0)
		return n;
	return n == KFX_STR_MAX ? -E2BIG : n;
}

/*
 * One word of strrchr at string index @pos, its NULs and its matches of
 * @rep masked by @zvalid and @mvalid: move *@last to its last match up to
 * the first NUL; true if it holds a NUL.
 */
static __always_inline bool kfx_rchr_word(unsigned long w, unsigned long rep,
					  unsigned long zvalid,
					  unsigned long mvalid, long pos,
					  int *last)
{
	unsigned long z = kfx_zero_bytes(w) & zvalid;
	unsigned long m = kfx_zero_bytes(w ^ rep) & mvalid;

	if (z)	/* keep matches up to and including the NUL */
		m &= (z & -z) | ((z & -z) - 1);
	if (m)
		*last = pos + kfx_last_byte(m);
	return z;
}

/*
 * @c is an int compared with each (unsigned) char, as upstream: a value
 * outside [0, 255] matches nothing, 0 matches the terminating NUL.  Only
 * the first word (bytes before KFX_HEAD) and a last one reaching past @lim
 * need masks; the words between are whole.
 */
static __always_inline int __kfx_strrchr(const char *s, unsigned long end,
					 int c)
{
	unsigned long rep = KFX_ONES * (unsigned char)c;
	unsigned long can_match = (unsigned char)c == c ? ~0UL : 0;
	long lim = KFX_STR_MAX, pos, i, last_word, lpos = -1;
	unsigned long addr, w, valid, lw = 0;
	int last = -ENOENT;
	char b;
	int err;

	err = kfx_check(s, end);
	if (err)
		return err;
	/* A bounded buffer shorter than the limit ends in a virtual NUL. */
	if (end && (long)(end - (unsigned long)s) < lim)
		lim = end - (unsigned long)s;
	for (i = 0; i < KFX_HEAD && i < lim; i++) {
		if (kfx_mem_byte(s + i, &b))
			return -EFAULT;
		if ((unsigned char)b == c)
			last = i;
		if (!b)
			return last;
	}
	addr = (unsigned long)(s + KFX_HEAD) & ~(KFX_WORD - 1);
	pos = addr - (unsigned long)s;
	if (pos >= lim)
		goto limit;
	if (kfx_mem_word(addr, &w))
		return -EFAULT;
	valid = kfx_valid_bytes(pos, KFX_HEAD, lim);
	if (kfx_rchr_word(w, rep, valid, valid & can_match, pos, &last))
		return last;
	/*
	 * Against a bound held in a register: "lim - pos >= KFX_WORD" cost
	 * the bounded twin a subtraction a word (sid's gcc, 7.2: 0.96x the
	 * unbounded one at 4095 bytes, now 1.00x).  Not so in
	 * kfx_cmp_words(): there gcc made strcmp_buf slower (0.90x).
	 */
	last_word = lim - KFX_WORD;
	for (pos += KFX_WORD, addr += KFX_WORD; pos <= last_word;
	     pos += KFX_WORD, addr += KFX_WORD) {
		if (kfx_mem_word(addr, &w))
			return -EFAULT;
		if (kfx_any_hit(w, false, 0))
			break;
		/* the last word with a match: no branch on random text */
		if (kfx_any_hit(w ^ rep, false, 0) && can_match) {
			lw = w;
			lpos = pos;
		}
	}
	if (lpos >= 0)
		last = lpos + kfx_last_byte(kfx_zero_bytes(lw ^ rep));
	if (pos <= last_word) {		/* the word with the NUL */
		kfx_rchr_word(w, rep, ~0UL, can_match, pos, &last);
		return last;
	}
	if (pos < lim) {
		if (kfx_mem_word(addr, &w))
			return -EFAULT;
		valid = kfx_valid_bytes(pos, 0, lim);
		if (kfx_rchr_word(w, rep, valid, valid & can_match, pos, &last))
			return last;
	}
limit:
	if (lim < KFX_STR_MAX)
		return c ? last : lim;
	return -E2BIG;
}

/*
 * A word read ahead of the byte being compared never enters a new page:
 * the page after a string's end may be one that must not be read at all
 * (x86's vsyscall page oopses a nofault read).  4 KiB is the smallest page.
 */
#define KFX_PAGE_MIN	4096UL

/*
 * @w with its ASCII capitals in lower case, for a word without a byte of
 * 0x80 or more (so that no sum below carries into the next byte): a byte
 * is a capital when adding 0x80 - 'A' sets its top bit and adding
 * 0x80 - 'Z' - 1 does not; 0x80 >> 2 is the 0x20 that folds it.
 */
static __always_inline unsigned long kfx_fold_ascii(unsigned long w)
{
	unsigned long ge_a = w + KFX_ONES * (0x80 - 'A');
	unsigned long gt_z = w + KFX_ONES * (0x80 - 'Z' - 1);

	return w | ((ge_a & ~gt_z & KFX_HIGHS) >> 2);
}

/*
 * Whether words @w1 and @w2 hold the same bytes, or with @ignore_case the
 * same bytes as the kernel's tolower() sees them: folded here for ASCII
 * only; a word with a Latin-1 byte in it is left to the byte loop.
 */
static __always_inline bool kfx_word_eq(unsigned long w1, unsigned long w2,
					bool ignore_case)
{
	if (w1 == w2)
		return true;
	if (!ignore_case || ((w1 | w2) & KFX_HIGHS))
		return false;
	return kfx_fold_ascii(w1) == kfx_fold_ascii(w2);
}

/*
 * From byte *@i on, with s1 + *@i word-aligned, compare whole words while
 * both hold the same bytes (kfx_word_eq()) and no NUL, and move *@i past
 * them; s2 is s1 + @d (one offset for both: fewer registers, which the
 * case-folding constants need).  s2 may sit at another offset within its
 * word: its word is then
 * read unaligned (one load, as fast as an aligned one on x86 and arm64),
 * but never one that straddles two pages: the loop stops before it and
 * the byte loop takes that word.  s1's word is read before s2's, as
 * upstream reads s1's byte first, and each word lies on the page of its
 * first byte, which upstream reads too: no page is read that upstream's
 * byte loop would not read.  Any word that cannot be read just stops the
 * loop: the byte loop after it faults exactly where upstream's would.
 */
static __always_inline void kfx_cmp_words(const char *s1, long d, long *i,
					  long lim, bool ignore_case)
{
	unsigned long a1 = (unsigned long)s1 + *i;
	unsigned long a2 = a1 + d;
	unsigned long in_page = KFX_PAGE_MIN - (a2 & (KFX_PAGE_MIN - 1));
	long n = (lim - *i) / (long)KFX_WORD;
	unsigned long w1, w2;

	if ((a2 & (KFX_WORD - 1)) && n > (long)(in_page / KFX_WORD))
		n = in_page / KFX_WORD;
	for (; n > 0; n--, a1 += KFX_WORD) {
		if (kfx_mem_word(a1, &w1) || kfx_mem_word(a1 + d, &w2) ||
		    !kfx_word_eq(w1, w2, ignore_case) || kfx_zero_bytes(w1))
			break;
	}
	*i = a1 - (unsigned long)s1;
}

/*
 * Byte @i of both strings: false while they are equal and not NUL, else
 * true with the comparison's result (or -EFAULT) in *@res.
 */
static __always_inline bool kfx_cmp_byte(const char *p1, const char *p2,
					 bool ignore_case, int *res)
{
	char c1, c2;

	if (kfx_mem_byte(p1, &c1) || kfx_mem_byte(p2, &c2)) {
		*res = -EFAULT;
		return true;
	}
	if (ignore_case) {
		c1 = kfx_tolower(c1);
		c2 = kfx_tolower(c2);
	}
	if (likely(c1 == c2 && c1))	/* keep the loop's path straight */
		return false;
	*res = c1 == c2 ? 0 : (unsigned char)c1 < (unsigned char)c2 ? -1 : 1;
	return true;
}

/* Bytes of a bounded string before its buffer ends, capped at @lim. */
static inline long kfx_room(const char *s, unsigned long end, long lim)
{
	if (end && (long)(end - (unsigned long)s) < lim)
		return end - (unsigned long)s;
	return lim;
}

/*
 * Bytes one at a time up to s1's first word boundary past KFX_CMP_HEAD,
 * then whole words while both strings agree (ASCII case folded for the
 * case-insensitive ones); the word where they do not (a NUL, another byte,
 * a Latin-1 letter in another case) goes a byte at a time, then words
 * again.
 */
#define KFX_CMP_HEAD	16

static __always_inline int __kfx_strncasecmp(const char *s1, unsigned long end1,
					     const char *s2, unsigned long end2,
					     bool ignore_case, size_t len)
{
	long lim = len < KFX_STR_MAX ? len : KFX_STR_MAX;
	long i = 0, m, stop, head, d = s2 - s1;
	const char *p;
	char c1, c2;
	int err, res;

	err = kfx_check(s1, end1);
	if (!err)
		err = kfx_check(s2, end2);
	if (err)
		return err;
	/* Up to @m both strings are inside their buffers: no end checks. */
	m = kfx_room(s2, end2, kfx_room(s1, end1, lim));
	/* Many compares end at their first byte: before any loop's setup. */
	if (m > 0 && kfx_cmp_byte(s1, s2, ignore_case, &res))
		return res;
	i = m > 0;
	/* The first pass: KFX_CMP_HEAD bytes and more, no words (short strings). */
	for (head = KFX_CMP_HEAD; i < m; head = 0) {
		if (!head && !(((unsigned long)s1 + i) & (KFX_WORD - 1)))
			kfx_cmp_words(s1, d, &i, m, ignore_case);
		stop = (((unsigned long)s1 + i + head) | (KFX_WORD - 1)) + 1 -
		       (unsigned long)s1;
		if (stop > m)
			stop = m;
		for (p = s1 + i, i = stop; p < s1 + stop; p++)
			if (kfx_cmp_byte(p, p + d, ignore_case, &res))
				return res;
	}
	if (m < lim) {	/* a buffer ended: its virtual NUL meets a byte */
		kfx_byte(s1 + i, end1, &c1);
		kfx_byte(s2 + i, end2, &c2);
		if (ignore_case) {
			c1 = kfx_tolower(c1);
			c2 = kfx_tolower(c2);
		}
		if (c1 != c2)
			return (unsigned char)c1 < (unsigned char)c2 ? -1 : 1;
		return 0;
	}
	return i == KFX_STR_MAX ? -E2BIG : 0;
}

/* Bit @c (as unsigned) of the 256-bit @map. */
static __always_inline bool kfx_bit(const unsigned long *map, char c)
{
	unsigned char u = c;

	return map[u / (8 * KFX_WORD)] >> (u % (8 * KFX_WORD)) & 1;
}

static __always_inline void kfx_set_bit(unsigned long *map, char c)
{
	unsigned char u = c;

	map[u / (8 * KFX_WORD)] |= 1UL << (u % (8 * KFX_WORD));
}

/*
 * The bits of set chars [*@kb, @k) into @map: bytes read once already, so
 * they can fault only if the set's memory went away since (-EFAULT).
 */
static __always_inline int kfx_fill_bits(unsigned long *map, const char *set_str,
					 long *kb, long k)
{
	char ca;

	for (; *kb < k; (*kb)++) {
		if (kfx_byte(set_str + *kb, 0, &ca))
			return -EFAULT;
		kfx_set_bit(map, ca);
	}
	return 0;
}

/*
 * strspn (@in_set true) and strcspn.  The accept/reject set is read
 * lazily, only as far as upstream's loops would read it, so that faults and
 * -E2BIG in the set come out the same, and compared as upstream compares
 * it; what was read goes into a bitmap one char later, so that a char
 * already seen costs one test and a one-char string no bitmap at all (the
 * bit updates chain through memory: 0.4x upstream on one-char strings when
 * every set char read was also set in the map).  A bitmap, not a byte map:
 * clearing 256 bytes cost more than upstream's whole loop on one-char
 * strings (measured 0.87x).
 */
static __always_inline int __kfx_span(const char *s, unsigned long end,
				      const char *set_str,
				      unsigned long set_end, bool in_set)
{
	unsigned long set[256 / (8 * sizeof(unsigned long))] = { 0 };
	long slim = kfx_room(s, end, KFX_STR_MAX);
	long klim = kfx_room(set_str, set_end, KFX_STR_MAX);
	bool set_done = false, has;
	long i, k = 0, kb = 0;
	char cs, ca;
	int err;

	err = kfx_check(s, end);
	if (!err)
		err = kfx_check(set_str, set_end);
	if (err)
		return err;
	for (i = 0; i < slim; i++) {
		if (kfx_byte(s + i, 0, &cs))
			return -EFAULT;
		if (!cs)
			return i;
		if (kb < k && kfx_fill_bits(set, set_str, &kb, k))
			return -EFAULT;
		if (kfx_bit(set, cs)) {	/* the fast paths */
			if (!in_set)
				return i;
			continue;
		}
		if (set_done) {		/* the whole set is known: cs is out */
			if (in_set)
				return i;
			continue;
		}
		has = false;
		while (!has && !set_done) {
			if (k == klim) {
				if (klim == KFX_STR_MAX)
					return -E2BIG;
				set_done = true;	/* the buffer's end */
				break;
			}
			if (kfx_byte(set_str + k, 0, &ca))
				return -EFAULT;
			k++;
			set_done = !ca;
			has = ca == cs;
		}
		if (has != in_set)
			return i;
	}
	/* At a bounded buffer's end the string ends; else 65536 were read. */
	return slim < KFX_STR_MAX ? i : -E2BIG;
}

static inline char kfx_fold(char c, bool ignore_case)
{
	return ignore_case ? kfx_tolower(c) : c;
}

/*
 * The other case of @fl, a char as the kernel's tolower() returns it, or
 * @fl itself if it has none: tolower() folds only by 0x20.
 */
static inline char kfx_other_case(char fl)
{
	return kfx_tolower(fl - 0x20) == fl ? fl - 0x20 : fl;
}

/*
 * Where a search for a needle starting with @fl (or @up, its other case)
 * can stop: the first index of @s below @lim where it holds a NUL
 * or @fl, and when the needle's second char @sl (or @su) is known, @fl
 * followed by @sl: a pair filter, whole aligned words at a time, so that a
 * haystack full of the first char ("aaaa" for "ab", '/' in paths) is
 * passed over too.  @lim if there is none.
 *
 * The bytes passed over are ones a byte-by-byte search reads and passes
 * over too: a start holding @fl is passed only if the next byte is read
 * and is not @sl, which upstream's loop reads there as well (the caller's
 * @lim keeps that next byte inside the haystack).  An aligned word is on
 * the page of the byte it was read for, and the next word is read only for
 * a start in it or for the second byte of the start before it.  A word
 * that cannot be read ends the skip where it is: the byte search then
 * faults where upstream's does.
 */
#define KFX_SKIP_FROM	8	/* short haystacks go a byte at a time */

/*
 * A skip that stops at once (periodic text: "abab" for "abac") costs more
 * than the bytes it passes: the next KFX_SKIP_WAIT starts go a byte at a
 * time, twice as many after each such skip in a row, up to
 * KFX_SKIP_WAIT_MAX.
 */
#define KFX_SKIP_WAIT		8
#define KFX_SKIP_WAIT_MAX	256

/* Where the byte loop at @i tries the next skip, the last one passing @j. */
static inline long kfx_next_skip(long i, long j, long *wait)
{
	if (j >= 2)
		*wait = 0;
	else if (!*wait)
		*wait = KFX_SKIP_WAIT;
	else if (*wait < KFX_SKIP_WAIT_MAX)
		*wait *= 2;
	return i + j + 1 + *wait;
}

static __always_inline long kfx_skip_to(const char *s, long lim, char fl,
					char up, char sl, char su)
{
	unsigned long a = (unsigned long)s & ~(KFX_WORD - 1);
	long pos = a - (unsigned long)s, i = 0;
	unsigned long rf = KFX_ONES * (unsigned char)fl;
	unsigned long ru = KFX_ONES * (unsigned char)up;
	unsigned long rs = KFX_ONES * (unsigned char)sl;
	unsigned long rsu = KFX_ONES * (unsigned char)su;
	unsigned long w, m, f, s2, last = 0;

	if (lim <= 0)
		return 0;
	for (; pos < lim; pos += KFX_WORD, a += KFX_WORD, i = pos) {
		if (kfx_mem_word(a, &w))
			return last ? pos - 1 : i;
		if (!last && !kfx_any_hit(w, true, rf) &&
		    (ru == rf || !kfx_any_hit(w ^ ru, false, 0)))
			continue;	/* no NUL, no first char: the common word */
		f = kfx_zero_bytes(w ^ rf) | kfx_zero_bytes(w ^ ru);
		if (sl) {
			s2 = kfx_zero_bytes(w ^ rs) | kfx_zero_bytes(w ^ rsu);
			if (last && (s2 & 0x80))	/* the start before */
				return pos - 1;
			last = pos + (long)KFX_WORD - 1 < lim ? f >> 63 : 0;
			f &= s2 >> 8;
		}
		m = (kfx_zero_bytes(w) | f) & kfx_valid_bytes(pos, i, lim);
		if (m)
			return pos + kfx_first_byte(m);
	}
	return last ? pos - 1 : lim;
}

/*
 * The needle's second char, read before upstream's loop would read it
 * (at the haystack's first match of the first char) only where that read
 * cannot fault when upstream's would not: on the first char's page, or in
 * a bounded needle (past its end: NUL).  NUL when it cannot be read now
 * or for a one-char needle: the skip then goes by the first char alone.
 */
static __always_inline char kfx_second_char(const char *s2, unsigned long end2)
{
	char c;

	/* a load that faults may leave c undefined (asm goto outputs) */
	if ((!end2 && !(((unsigned long)s2 + 1) & (KFX_PAGE_MIN - 1))) ||
	    kfx_byte(s2 + 1, end2, &c))
		return '\0';
	return c;
}

/*
 * Whether the aligned word holding @p (a byte the search reads) has a NUL
 * from @p on, or cannot be read: the string ends within a word, which the
 * byte loop finishes sooner than a skip would.
 */
static __always_inline bool kfx_ends_in_word(const char *p)
{
	unsigned long a = (unsigned long)p & ~(KFX_WORD - 1), w;

	if (kfx_mem_word(a, &w))
		return true;
	return kfx_zero_bytes(w) >> (8 * ((unsigned long)p - a));
}

/*
 * How far a search at @s1 can go before its next possible start, within
 * @lim starts: its needle @s2's first two chars read again (upstream's
 * loop has read the first at each start before this one), then
 * kfx_skip_to().  The byte loops around it keep no state for it, so that
 * short haystacks, which never get here, cost what upstream's loop costs.
 */
static __always_inline long kfx_search_skip(const char *s1, long lim,
					    const char *s2, unsigned long end2,
					    bool ignore_case)
{
	char fl, up, sl, su;

	if (lim <= 0 || kfx_ends_in_word(s1))
		return 0;
	if (kfx_byte(s2, end2, &fl))
		return 0;	/* gone since: the byte loop says so */
	fl = kfx_fold(fl, ignore_case);
	sl = kfx_fold(kfx_second_char(s2, end2), ignore_case);
	up = ignore_case ? kfx_other_case(fl) : fl;
	su = ignore_case ? kfx_other_case(sl) : sl;
	/* a start passed for its second byte is not the last before @len */
	return kfx_skip_to(s1, lim - (sl != 0), fl, up, sl, su);
}

/*
 * Past a few times its length in byte compares, a search goes by the
 * two-way algorithm (Crochemore and Perrin, "Two-way string-matching",
 * J. ACM 38(3), 1991): linear in haystack plus needle, constant memory, no
 * allocation (kfuncs run in NMI and hard irq).  The byte loops above are
 * quadratic: 16 KiB of "a" against "a" * 4095 "b" took 35-46 ms, a 32 KiB
 * needle at the 65536 limit about a second in one call.
 *
 * Upstream's result is fixed by the strings alone, not by its order of
 * reads: with t the needle's first NUL or unreadable char (or 65536) and e
 * the haystack's (or @len), it is the first start i <= 65535 whose
 * compare reaches min(t, e - i) chars.  If needle[0, t) occurs in
 * haystack[0, e), the first occurrence is that start (found, -EFAULT or
 * -E2BIG as needle[t] is NUL, unreadable or the limit): any start after
 * e - t stops at e instead.  If not, some start reaches e (the start e
 * itself, e < 65536), and which one does not matter: -ENOENT at a NUL or
 * @len, -EFAULT at an unreadable char.  So two-way may read in its own
 * order, if it reads no page upstream's loop would not (a page past a
 * string's end may oops on any read: x86's vsyscall page):
 *
 * - the haystack only up to the end of the window searched (a window
 *   from its first start that matches or the end), each char once in
 *   order before two-way sees it: upstream reads every start's first char
 *   up to its answer, and all of an occurrence;
 * - the needle only up to the end of a 4 KiB page upstream reads a char
 *   of: the pattern is the needle's part known so far, and an occurrence
 *   of it is where upstream reads on, into the next page: there the byte
 *   compare goes on, as upstream's, and the pattern grows (at most once a
 *   page: 17 factorizations of up to 65536 chars).
 *
 * A window reaching past the 65536th char (a haystack longer than
 * upstream's limit) goes back to the byte loop, which upstream's page
 * reads decide.
 *
 * Reads, for h haystack chars and n needle chars: the byte loop stops
 * at KFX_TW_WORK + 4 compares a start (2 reads each, the last start's
 * up to n); two-way reads the haystack once ahead of its windows, makes
 * fewer than 2 compares a haystack char (Crochemore and Perrin), and per
 * pattern of m chars at most 10 reads a char to factorize it (two
 * maximal-suffix scans of under 2m compares, the period check).  One
 * pattern, unless a needle across pages has each prefix occur (at most
 * 17: 65536 / 4096 + 1).  tests/host/str_adv.c asserts at most 8 reads
 * a char plus 4096 on its adversarial inputs (at most 10 measured, the
 * page-by-page pattern 7.7).
 */
#define KFX_TW_WORK	256	/* byte compares before two-way may pay */

struct kfx_tw {
	const char *hs, *nd;		/* haystack, needle */
	unsigned long hend, nend;	/* bounded twins' buffer ends, or 0 */
	int len;			/* the haystack ends at @len */
	int hf;				/* hs[start, hf) read: chars, no NUL */
	int herr;			/* -ENOENT or -EFAULT: how it ended */
	int m;				/* the pattern: nd[0, m) */
	int nres;			/* nd[m]: 0 NUL, -EFAULT, -E2BIG; 1 a char */
	int ell, per;			/* critical position, shift */
	bool mem;			/* per is the period: keep memory */
	bool fold;
};

/* Char @k of @s (buffer end @end, or 0) folded, or -EFAULT. */
static __always_inline int kfx_tw_char(const char *s, unsigned long end,
				       long k, bool fold)
{
	char c;

	if (kfx_byte(s + k, end, &c))
		return -EFAULT;
	return (unsigned char)kfx_fold(c, fold);
}

/* Needle char @k (chars read before: -EFAULT only if gone since). */
static __always_inline int kfx_tw_nc(const struct kfx_tw *tw, long k)
{
	return kfx_tw_char(tw->nd, tw->nend, k, tw->fold);
}

static __always_inline int kfx_tw_hc(const struct kfx_tw *tw, long k)
{
	return kfx_tw_char(tw->hs, tw->hend, k, tw->fold);
}

/*
 * The needle from tw->m on, to its end or the end of the 4 KiB page
 * holding char @seen, one upstream reads (a bounded needle's buffer is
 * all readable): tw->nres says which.
 */
static void kfx_tw_grow(struct kfx_tw *tw, long seen)
{
	long lim = KFX_STR_MAX, k;
	char c;

	if (!tw->nend)
		lim = (((unsigned long)tw->nd + seen) | (KFX_PAGE_MIN - 1)) + 1 -
		      (unsigned long)tw->nd;
	if (lim > KFX_STR_MAX)
		lim = KFX_STR_MAX;
	tw->nres = 1;
	for (k = tw->m; k < lim; k++) {
		if (kfx_byte(tw->nd + k, tw->nend, &c)) {
			tw->nres = -EFAULT;
			break;
		}
		if (!c) {
			tw->nres = 0;
			break;
		}
	}
	tw->m = k;
	if (k == KFX_STR_MAX)
		tw->nres = -E2BIG;
}

/*
 * Start of the maximal suffix of the pattern under the chars' order, or
 * its reverse (@rev), and in *@per that suffix's period: Crochemore and
 * Perrin's constant-space scan, at most 2m compares.  -EFAULT if gone.
 */
static long kfx_tw_max_suffix(const struct kfx_tw *tw, bool rev, long *per)
{
	long ms = -1, j = 0, k = 1, p = 1;
	int a, b;

	while (j + k < tw->m) {
		a = kfx_tw_nc(tw, j + k);
		b = kfx_tw_nc(tw, ms + k);
		if (a < 0 || b < 0)
			return -EFAULT;
		if (a == b) {
			if (k == p) {
				j += p;
				k = 1;
			} else {
				k++;
			}
		} else if ((a < b) != rev) {	/* the suffix at j + k is smaller */
			j += k;
			k = 1;
			p = j - ms;
		} else {			/* it is larger: the new maximum */
			ms = j;
			j = ms + 1;
			k = 1;
			p = 1;
		}
	}
	*per = p;
	return ms + 1;
}

/*
 * The critical factorization of the pattern: the later of the two maximal
 * suffixes starts at a position whose local period is the pattern's
 * period (the critical factorization theorem), which makes a shift past
 * a mismatch in the right part safe.  When the left part recurs one
 * period later, per is the period and a window shifted by it keeps its
 * first m - per chars matched (memory); otherwise any shift up to
 * max(ell, m - ell) + 1 is safe.
 */
static int kfx_tw_factor(struct kfx_tw *tw)
{
	long p, q, ell, ell2, i;
	int a, b;

	ell = kfx_tw_max_suffix(tw, false, &p);
	ell2 = kfx_tw_max_suffix(tw, true, &q);
	if (ell < 0 || ell2 < 0)
		return -EFAULT;
	if (ell2 > ell) {
		ell = ell2;
		p = q;
	}
	tw->ell = ell;
	for (i = 0; i < ell; i++) {
		a = kfx_tw_nc(tw, i);
		b = kfx_tw_nc(tw, i + p);
		if (a < 0 || b < 0)
			return -EFAULT;
		if (a != b)
			break;
	}
	tw->mem = i == ell;
	tw->per = tw->mem ? p : (ell > tw->m - ell ? ell : tw->m - ell) + 1;
	return 0;
}

/*
 * Read the haystack on to char @need - 1: 1 if it is there, 0 if it ends
 * before (tw->herr says how), 2 if @need is past the 65536th char.
 */
static int kfx_tw_reach(struct kfx_tw *tw, long need)
{
	char c;

	for (; tw->hf < need; tw->hf++) {
		if (tw->hf == KFX_STR_MAX)
			return 2;
		if (tw->hf == tw->len) {
			tw->herr = -ENOENT;
			return 0;
		}
		if (kfx_byte(tw->hs + tw->hf, tw->hend, &c)) {
			tw->herr = -EFAULT;
			return 0;
		}
		if (!c) {
			tw->herr = -ENOENT;
			return 0;
		}
	}
	return 1;
}

/*
 * Compare window @j's right part from @i on: the index of its first
 * mismatch, m if none, or -EFAULT.
 */
static long kfx_tw_right(const struct kfx_tw *tw, long j, long i)
{
	int a, b;

	for (; i < tw->m; i++) {
		a = kfx_tw_nc(tw, i);
		b = kfx_tw_hc(tw, j + i);
		if (a < 0 || b < 0)
			return -EFAULT;
		if (a != b)
			break;
	}
	return i;
}

/* ... and its left part down to @mem: @mem - 1 if it matches. */
static long kfx_tw_left(const struct kfx_tw *tw, long j, long mem)
{
	long i;
	int a, b;

	for (i = tw->ell - 1; i >= mem; i--) {
		a = kfx_tw_nc(tw, i);
		b = kfx_tw_hc(tw, j + i);
		if (a < 0 || b < 0)
			return -EFAULT - 1;
		if (a != b)
			break;
	}
	return i;
}

/*
 * The first window from *@jp on that holds the pattern: 1 and its start
 * in *@jp, 0 if the haystack ends first, 2 (*@jp the window) if a window
 * reaches past the 65536th char, or -EFAULT.
 */
static int kfx_tw_find(struct kfx_tw *tw, long *jp)
{
	long j = *jp, mem = 0, i;
	int r;

	for (;;) {
		r = kfx_tw_reach(tw, j + tw->m);
		if (r != 1) {
			*jp = j;
			return r;
		}
		i = kfx_tw_right(tw, j, tw->ell > mem ? tw->ell : mem);
		if (i < 0)
			return i;
		if (i < tw->m) {	/* no start before the mismatch's */
			j += i - tw->ell + 1;
			mem = 0;
			continue;
		}
		i = kfx_tw_left(tw, j, mem);
		if (i < -1)
			return -EFAULT;
		if (i < mem) {
			*jp = j;
			return 1;
		}
		j += tw->per;
		mem = tw->mem ? tw->m - tw->per : 0;
	}
}

/*
 * Upstream's compare of start @j, from needle char *@kp on: true with the
 * search's result in *@res when this start ends it (@j found, or the
 * -ENOENT, -EFAULT or -E2BIG it stops at), else false with the first
 * differing char's index in *@kp.
 */
static bool kfx_tw_compare(const struct kfx_tw *tw, long j, long *kp,
			   int *res)
{
	long k;
	int a, b;

	for (k = *kp; k < KFX_STR_MAX; k++) {
		a = kfx_tw_nc(tw, k);
		if (a <= 0) {		/* unreadable, or the NUL */
			*res = a < 0 ? a : j;
			return true;
		}
		if (j + k == tw->len) {
			*res = -ENOENT;
			return true;
		}
		b = kfx_tw_hc(tw, j + k);
		if (b <= 0) {
			*res = b < 0 ? b : -ENOENT;
			return true;
		}
		if (a != b) {
			*kp = k;
			return false;
		}
	}
	*res = -E2BIG;
	return true;
}

/*
 * At start @j, where the pattern occurs, on as upstream's loop goes, into
 * the needle's next page: the result if this start ends the search, else
 * 1 with the pattern grown to the page of the char that differed.
 */
static int kfx_tw_extend(struct kfx_tw *tw, long j)
{
	long k = tw->m;
	int res;

	if (kfx_tw_compare(tw, j, &k, &res))
		return res;
	if (tw->hf < j + k + 1)
		tw->hf = j + k + 1;
	tw->m = k + 1;
	kfx_tw_grow(tw, k);
	return 1;
}

/*
 * Upstream's loop itself from start @i on, for the starts whose window
 * reaches past the 65536th char: which haystack page they read is
 * upstream's page-by-page decision.
 */
static int kfx_tw_bytes(const struct kfx_tw *tw, long i)
{
	long k;
	int res;

	for (; i < KFX_STR_MAX; i++) {
		k = 0;
		if (kfx_tw_compare(tw, i, &k, &res))
			return res;
	}
	return -E2BIG;
}

/*
 * Upstream's result from start @j on, every start before it passed with
 * needle chars [0, @seen] read: two-way, pattern by pattern.
 */
static int kfx_tw_search(struct kfx_tw *tw, long j, long seen)
{
	int r;

	tw->hf = j;
	tw->m = 0;
	kfx_tw_grow(tw, seen);
	for (;;) {
		if (kfx_tw_factor(tw))
			return -EFAULT;
		r = kfx_tw_find(tw, &j);
		if (r < 0)
			return r;
		if (!r)
			return tw->herr;
		if (r == 2)
			return kfx_tw_bytes(tw, j);
		if (tw->nres <= 0)	/* the whole needle: upstream's answer */
			return tw->nres ? tw->nres : j;
		r = kfx_tw_extend(tw, j);
		if (r != 1)
			return r;
		j++;
	}
}

/* Two-way from start @i (kfx_tw_search()), its state in its own frame. */
static noinline int kfx_tw_run(const char *s1, unsigned long end1,
			       const char *s2, unsigned long end2, size_t len,
			       bool ignore_case, long i, long seen)
{
	struct kfx_tw tw = {
		.hs = s1, .hend = end1, .nd = s2, .nend = end2,
		/* starts and needle both end by 65536: 2 * 65536 is as far */
		.len = len < 2 * KFX_STR_MAX ? len : 2 * KFX_STR_MAX,
		.fold = ignore_case,
	};

	return kfx_tw_search(&tw, i, seen);
}

/*
 * Whether the byte compares so far, @work by start @i, are past what
 * two-way would have cost: a few per start, so that only a needle whose
 * prefix keeps recurring in the haystack gets there.
 */
static __always_inline bool kfx_tw_pays(long work, long i)
{
	return unlikely(work > KFX_TW_WORK + 4 * i);
}

/*
 * strnstr when both strings are in buffers shorter than 65536 bytes (the
 * bounded twins' usual case): no limit can be reached and nothing faults,
 * so the first match, or -ENOENT, is the result whatever the order of
 * reads.  The needle is measured once, as far as it could fit; the haystack
 * is searched for its first two chars, and only there compared further.
 */
static __always_inline int kfx_strnstr_short(const char *s1, long lim, const char *s2,
					     unsigned long end2, bool ignore_case)
{
	long room = end2 - (unsigned long)s2, n;
	long i, j, next = KFX_SKIP_FROM, wait = 0, work = 0;
	char first = 0, c, c2;

	if (room > lim + 1)	/* a needle longer than @lim is not found */
		room = lim + 1;
	for (n = 0; n < room; n++) {	/* needles are short: bytes */
		if (kfx_mem_byte(s2 + n, &c2))
			return -EFAULT;
		if (!c2)
			break;
		if (!n)
			first = c2;
	}
	if (!n)
		return 0;	/* an empty needle is found at 0 */
	first = kfx_fold(first, ignore_case);
	for (i = 0; i + n <= lim; i++) {
		if (i >= next) {
			j = kfx_search_skip(s1 + i, lim - n + 1 - i, s2, end2,
					    ignore_case);
			next = kfx_next_skip(i, j, &wait);
			i += j;
			if (i + n > lim)
				break;
		}
		if (kfx_mem_byte(s1 + i, &c))
			return -EFAULT;
		if (!c)
			break;
		if (kfx_fold(c, ignore_case) != first)
			continue;
		for (j = 1; j < n; j++) {
			if (kfx_mem_byte(s1 + i + j, &c) ||
			    kfx_mem_byte(s2 + j, &c2))
				return -EFAULT;
			if (!c)		/* no later start can fit either */
				return -ENOENT;
			if (kfx_fold(c, ignore_case) != kfx_fold(c2, ignore_case))
				break;
		}
		if (j == n)
			return i;
		work += j;
		if (kfx_tw_pays(work, i))
			break;
	}
	/*
	 * No call in the loop: short searches pay no registers for it.  The
	 * needle is in a buffer: all of it may be read (@seen 0).
	 */
	if (kfx_tw_pays(work, i))
		return kfx_tw_run(s1, 0, s2, end2, lim, ignore_case, i + 1, 0);
	return -ENOENT;
}

/*
 * Index of the first occurrence of @s2 lying entirely within the first
 * @len chars of @s1, by upstream's own search order (it decides which
 * bytes are read, hence where a fault or -E2BIG shows).
 */
static __always_inline int __kfx_strnstr(const char *s1, unsigned long end1,
					 const char *s2, unsigned long end2,
					 size_t len, bool ignore_case)
{
	/*
	 * A bounded haystack ending before @len acts as @len (reaching
	 * either gives -ENOENT at the same step); a bounded needle's end is
	 * its NUL.  Unbounded, both limits are upstream's own.
	 */
	long jlim = kfx_room(s2, end2, KFX_STR_MAX);
	long i, j, slim, next = KFX_SKIP_FROM, wait = 0, work = 0;
	char c1, c2;
	int err;

	err = kfx_check(s1, end1);
	if (!err)
		err = kfx_check(s2, end2);
	if (err)
		return err;
	if (end1 && end1 - (unsigned long)s1 < len)
		len = end1 - (unsigned long)s1;
	if (end1 && end2 && end1 - (unsigned long)s1 < KFX_STR_MAX &&
	    end2 - (unsigned long)s2 < KFX_STR_MAX)
		return kfx_strnstr_short(s1, len, s2, end2, ignore_case);
	slim = len < KFX_STR_MAX ? len : KFX_STR_MAX;
	for (i = 0; i < KFX_STR_MAX; i++, s1++) {
		if (i >= next) {	/* on to where s2 can start */
			j = kfx_search_skip(s1, slim - i, s2, end2,
					    ignore_case);
			next = kfx_next_skip(i, j, &wait);
			i += j;
			s1 += j;
			if (i == KFX_STR_MAX)
				break;
		}
		for (j = 0; (size_t)(i + j) <= len && j < jlim; j++) {
			if (kfx_byte(s2 + j, 0, &c2))
				return -EFAULT;
			if (!c2)
				return i;
			if ((size_t)(i + j) == len)
				break;
			if (kfx_byte(s1 + j, 0, &c1))
				return -EFAULT;
			if (ignore_case) {
				c1 = kfx_tolower(c1);
				c2 = kfx_tolower(c2);
			}
			if (!c1)
				return -ENOENT;
			if (c1 != c2)
				break;
		}
		if (j == jlim && jlim < KFX_STR_MAX)
			return i;	/* the needle's buffer ended: found */
		if (j == KFX_STR_MAX)
			return -E2BIG;
		if ((size_t)(i + j) == len)
			return -ENOENT;
		work += j;
		if (kfx_tw_pays(work, i))
			break;
	}
	/* no call in the loop: short searches pay no registers for it */
	if (i < KFX_STR_MAX)
		return kfx_tw_run(s1 - i, end1, s2, end2, len, ignore_case,
				  i + 1, j);
	return -E2BIG;
}

#endif /* _KFX_STR_CORE_H */
