// SPDX-License-Identifier: GPL-2.0
/*
 * Unreadable skb fragments (device memory TCP, 6.12): their pages are not
 * the CPU's to read.
 */
#include <linux/skbuff.h>
bool kfx_probe(const struct sk_buff *skb)
{
	return skb_frags_readable(skb);
}
