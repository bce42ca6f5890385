#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""gen-ecdsa-edge.py: write tests/vectors/ecdsa-edge.vec, ECDSA vectors for
the keys and digests where verifiers go wrong (issue 30), made with
Python's big integers (affine arithmetic below, FIPS 186-5 6.4), never
with kfx.  Deterministic: the same file every run (seeded random numbers).

  tests/vectors/gen-ecdsa-edge.py            write the file
  tests/vectors/gen-ecdsa-edge.py --check    exit 1 unless the file is
                                             what this makes

Before writing it cross-checks its arithmetic with OpenSSL: the curves'
own checks (G on the curve, n G the point at infinity), `openssl ec` gives
the same public key for every private key, and a signature `openssl
pkeyutl -sign` makes with each key verifies here (and not with s + 1).
check-vectors.py then verifies every vector of the file with OpenSSL.
Stdlib and the openssl command only.
"""
import base64
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "ecdsa-edge.vec")

# FIPS 186-5 / SP 800-186 3.2.1: p, b, G, n (a = -3), OID of the curve
CURVES = {
    "P192": dict(
        p=2**192 - 2**64 - 1,
        b=0x64210519E59C80E70FA7E9AB72243049FEB8DEECC146B9B1,
        gx=0x188DA80EB03090F67CBF20EB43A18800F4FF0AFD82FF1012,
        gy=0x07192B95FFC8DA78631011ED6B24CDD573F977A11E794811,
        n=0xFFFFFFFFFFFFFFFFFFFFFFFF99DEF836146BC9B1B4D22831,
        oid="2a8648ce3d030101"),
    "P256": dict(
        p=2**256 - 2**224 + 2**192 + 2**96 - 1,
        b=0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B,
        gx=0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
        gy=0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5,
        n=0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551,
        oid="2a8648ce3d030107"),
    "P384": dict(
        p=2**384 - 2**128 - 2**96 + 2**32 - 1,
        b=int("B3312FA7E23EE7E4988E056BE3F82D19181D9C6EFE8141120314088F5013875A"
              "C656398D8A2ED19D2A85C8EDD3EC2AEF", 16),
        gx=int("AA87CA22BE8B05378EB1C71EF320AD746E1D3B628BA79B9859F741E082542A38"
               "5502F25DBF55296C3A545E3872760AB7", 16),
        gy=int("3617DE4A96262C6F5D9E98BF9292DC29F8F41DBD289A147CE9DA3113B5F0B8C0"
               "0A60B1CE1D7E819D7A431D7C90EA0E5F", 16),
        n=int("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF"
              "581A0DB248B0A77AECEC196ACCC52973", 16),
        oid="2b81040022"),
    "P521": dict(
        p=2**521 - 1,
        b=int("0051953EB9618E1C9A1F929A21A0B68540EEA2DA725B99B315F3B8B489918EF1"
              "09E156193951EC7E937B1652C0BD3BB1BF073573DF883D2C34F1EF451FD46B50"
              "3F00", 16),
        gx=int("00C6858E06B70404E9CD9E3ECB662395B4429C648139053FB521F828AF606B4D"
               "3DBAA14B5E77EFE75928FE1DC127A2FFA8DE3348B3C1856A429BF97E7E31C2E5"
               "BD66", 16),
        gy=int("011839296A789A3BC0045C8A5FB42C7D1BD998F54449579B446817AFBD17273E"
               "662C97EE72995EF42640C550B9013FAD0761353C7086A272C24088BE94769FD1"
               "6650", 16),
        n=int("01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
              "FFFA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C47AEBB6FB71E9138"
              "6409", 16),
        oid="2b81040023"),
}
for c in CURVES.values():
    c["bytes"] = (c["p"].bit_length() + 7) // 8
    c["bits"] = c["n"].bit_length()


# --- the arithmetic: affine points, None the point at infinity ---------------

def add(c, P, Q):
    p = c["p"]
    if P is None:
        return Q
    if Q is None:
        return P
    if P[0] == Q[0] and (P[1] + Q[1]) % p == 0:
        return None
    if P == Q:
        lam = (3 * P[0] * P[0] - 3) * pow(2 * P[1], -1, p) % p
    else:
        lam = (Q[1] - P[1]) * pow(Q[0] - P[0], -1, p) % p
    x = (lam * lam - P[0] - Q[0]) % p
    return (x, (lam * (P[0] - x) - P[1]) % p)


def mul(c, k, P):
    R = None
    for bit in bin(k)[2:] if k > 0 else "":
        R = add(c, R, R)
        if bit == "1":
            R = add(c, R, P)
    return R


def G(c):
    return (c["gx"], c["gy"])


def on_curve(c, P):
    p = c["p"]
    return (P[1] ** 2 - (P[0] ** 3 - 3 * P[0] + c["b"])) % p == 0


def digest_int(c, d):
    """FIPS 186-5 6.4.2 step 2: the leftmost min(bits(n), 8 len) bits."""
    e = int.from_bytes(d, "big")
    if 8 * len(d) > c["bits"]:
        e >>= 8 * len(d) - c["bits"]
    return e


def sign_int(c, d, e, k):
    n = c["n"]
    r = mul(c, k, G(c))[0] % n
    s = pow(k, -1, n) * (e + r * d) % n
    assert r and s
    return r, s


def verify_int(c, Q, e, r, s):
    """0, or why not: FIPS 186-5 6.4.2."""
    n = c["n"]
    if not (0 < r < n and 0 < s < n):
        return "range"
    w = pow(s, -1, n)
    R = add(c, mul(c, e * w % n, G(c)), mul(c, r * w % n, Q))
    if R is None:
        return "infinity"
    return 0 if R[0] % n == r else "mismatch"


def point_bytes(c, P):
    nb = c["bytes"]
    return b"\x04" + P[0].to_bytes(nb, "big") + P[1].to_bytes(nb, "big")


def sig_bytes(c, r, s):
    return r.to_bytes(c["bytes"], "big") + s.to_bytes(c["bytes"], "big")


# --- OpenSSL, to cross-check the arithmetic above ---------------------------

tmp = tempfile.mkdtemp(prefix="kfx-ecdsa-edge.")


def der(tag, body):
    n = len(body)
    if n < 128:
        return bytes([tag, n]) + body
    ln = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([tag, 0x80 | len(ln)]) + ln + body


def priv_der(c, d):
    """RFC 5915 ECPrivateKey of @d."""
    return der(0x30, der(0x02, b"\x01") + der(0x04, d.to_bytes(c["bytes"], "big")) +
               der(0xA0, der(0x06, bytes.fromhex(c["oid"]))))


def ossl(*args, data=None):
    return subprocess.run(["openssl", *args], input=data, capture_output=True)


def ossl_public(c, d):
    path = os.path.join(tmp, "priv.der")
    open(path, "wb").write(priv_der(c, d))
    r = ossl("ec", "-inform", "DER", "-in", path, "-pubout", "-outform", "DER")
    return r.stdout[-(1 + 2 * c["bytes"]):]


def ossl_sign(c, d, digest):
    """(r, s) OpenSSL makes for @digest (at most 64 bytes) with key @d."""
    kp, dp = os.path.join(tmp, "priv.der"), os.path.join(tmp, "dgst")
    open(kp, "wb").write(priv_der(c, d))
    open(dp, "wb").write(digest)
    r = ossl("pkeyutl", "-sign", "-keyform", "DER", "-inkey", kp, "-in", dp)
    sig = r.stdout
    assert r.returncode == 0 and sig[0] == 0x30, r.stderr
    i = 2 if sig[1] < 0x80 else 2 + (sig[1] & 0x7F)
    lr = sig[i + 1]
    rr = int.from_bytes(sig[i + 2:i + 2 + lr], "big")
    i += 2 + lr
    ss = int.from_bytes(sig[i + 2:i + 2 + sig[i + 1]], "big")
    return rr, ss


fails = []


def need(what, ok):
    if not ok:
        fails.append(what)


# --- the vectors -------------------------------------------------------------

rng = random.Random(30)     # issue 30


def rand_bytes(n):
    return bytes(rng.getrandbits(8) for _ in range(n))


def leading_zero_key(c):
    """The first d > 2**20 whose X and Y both start with a zero byte."""
    d = 2**20 + rng.getrandbits(16)
    P = mul(c, d, G(c))
    top = 8 * (c["bytes"] - 1)
    while P[0] >> top or P[1] >> top:
        P = add(c, P, G(c))
        d += 1
    return d


def ladder_meets_a_doubling(c, u1, u2, Q):
    """Whether the joint double-and-add of u1 G + u2 Q (Shamir's trick, bits
    from the top, adding G, Q or G + Q) adds a point to itself or to its
    negative (or adds the point at infinity) before its end."""
    pts = [None, G(c), Q, add(c, G(c), Q)]
    R = None
    for i in range(max(u1.bit_length(), u2.bit_length()) - 1, -1, -1):
        R = add(c, R, R)
        idx = (u1 >> i & 1) | (u2 >> i & 1) << 1
        if not idx:
            continue
        P = pts[idx]
        if R is not None and (P is None or P[0] == R[0]):
            return True
        R = add(c, R, P)
    return False


def ladder_sig(c, d, Q):
    """(digest, r, s): a valid signature whose Shamir ladder meets a doubling."""
    n, nb = c["n"], c["bytes"]
    while True:
        u1, u2 = a_k(c), a_k(c)
        R = add(c, mul(c, u1, G(c)), mul(c, u2, Q))
        if R is None or not ladder_meets_a_doubling(c, u1, u2, Q):
            continue
        r = R[0] % n
        s = r * pow(u2, -1, n) % n
        e = u1 * s % n
        return e.to_bytes(nb, "big"), r, s


lines = []


def out(name, value=None, comment=None):
    if comment:
        lines.append("")
        lines.extend("# " + ln if ln else "#" for ln in comment.split("\n"))
    if name:
        h = value.hex()
        lines.append(name + "\t" + h[:64])
        for i in range(64, len(h), 64):
            lines.append("\t\t" + h[i:i + 64])


def a_k(c):
    return rng.randrange(1, c["n"])


def emit_sig(c, name, Q, d, digest):
    """NAME_SIG: a valid signature of @digest by @d, checked here."""
    r, s = sign_int(c, d, digest_int(c, digest), a_k(c))
    need(f"{name} verifies here", verify_int(c, Q, digest_int(c, digest), r, s) == 0)
    out(name + "_SIG", sig_bytes(c, r, s))
    return r, s


def keys_of(curve, c):
    n = c["n"]
    return [("D1", 1, "d = 1: Q = G"), ("D2", 2, "d = 2: Q = 2G"),
            ("NM1", n - 1, "d = n - 1: Q = -G"), ("NM2", n - 2, "d = n - 2: Q = -2G"),
            ("R1", rng.randrange(3, n - 2), "d random"),
            ("R2", rng.randrange(3, n - 2), "d random")]


def lengths_of(c):
    """1, one more than the curve's bytes, SHA-512's 64; P-521: 65..256 too."""
    nb = c["bytes"]
    return [1, 64, 65, 66, 67, 100, 256] if nb == 66 else [1, nb + 1, 64]


def wrong_int(c, digest):
    """The digest read by a rule other than FIPS 186-5's."""
    nb = c["bytes"]
    if len(digest) < nb:    # left-aligned, as if padded on the right
        return int.from_bytes(digest + bytes(nb - len(digest)), "big")
    if nb == 66:            # the kernel's own P-521 read: up to 72 bytes, a number
        return int.from_bytes(digest[:72], "big") % c["n"]
    return int.from_bytes(digest[-nb:], "big")  # the rightmost bytes


def curve_vectors(curve, c):
    n, nb = c["n"], c["bytes"]
    need(f"{curve}: G on the curve", on_curve(c, G(c)))
    need(f"{curve}: n G is the point at infinity", mul(c, n, G(c)) is None)
    for key, d, what in keys_of(curve, c):
        Q = mul(c, d, G(c))
        pre = f"ECDSA_E_{curve}_{key}"
        need(f"{pre}_PUB = dG (openssl ec)", ossl_public(c, d) == point_bytes(c, Q))
        dg = rand_bytes(min(nb, 64))
        orr, oss = ossl_sign(c, d, dg)
        need(f"{pre}: OpenSSL's signature verifies here",
             verify_int(c, Q, digest_int(c, dg), orr, oss) == 0)
        need(f"{pre}: OpenSSL's signature with s + 1 does not",
             verify_int(c, Q, digest_int(c, dg), orr, oss % (n - 1) + 1) != 0)
        out(pre + "_PRIV", d.to_bytes(nb, "big"), f"{curve}, {what}")
        out(pre + "_PUB", point_bytes(c, Q))
        dg = rand_bytes(nb)
        if nb == 66:
            dg = b"\0\0" + dg[2:]
        out(pre + "_DIGEST", dg)
        r, s = emit_sig(c, pre, Q, d, dg)
        bad = sig_bytes(c, r, s ^ 1)
        need(f"{pre}_BAD does not verify here", verify_int(c, Q, digest_int(c, dg), r, s ^ 1) != 0)
        out(pre + "_BAD", bad)
        # u1 G = u2 Q (e = d r): a doubling in u1 G + u2 Q
        k = a_k(c)
        R = mul(c, k, G(c))
        while nb == 66 and d * (R[0] % n) % n >= 2**512:     # for OpenSSL
            R, k = add(c, R, G(c)), k + 1
        r = R[0] % n
        e = d * r % n
        s = pow(k, -1, n) * 2 * d * r % n
        ed = e.to_bytes(nb, "big")
        if nb == 66:        # 528 bits: the number's 521 bits, shifted left by 7
            ed = (e << 7).to_bytes(nb, "big")
        w = pow(s, -1, n)
        need(f"{pre}_DBL: u1 G = u2 Q",
             mul(c, digest_int(c, ed) * w % n, G(c)) == mul(c, r * w % n, Q))
        need(f"{pre}_DBL verifies here", verify_int(c, Q, digest_int(c, ed), r, s) == 0)
        out(pre + "_DBL", ed)
        out(pre + "_DBL_SIG", sig_bytes(c, r, s))
        # u1 G = -u2 Q (e = -d r): the point at infinity, rejected
        r = mul(c, a_k(c), G(c))[0] % n
        while nb == 66 and -d * r % n >= 2**512:
            r = a_k(c)
        s = a_k(c)
        e = -d * r % n
        ei = (e << 7).to_bytes(nb, "big") if nb == 66 else e.to_bytes(nb, "big")
        need(f"{pre}_INF is the point at infinity here",
             verify_int(c, Q, digest_int(c, ei), r, s) == "infinity")
        out(pre + "_INF", ei)
        out(pre + "_INF_SIG", sig_bytes(c, r, s))
        if key in ("D1", "D2", "NM1", "NM2") and nb != 66:
            # a signature whose u1 G + u2 Q by Shamir's ladder meets a
            # doubling midway (such a ladder must handle it); not P-521,
            # whose digests here must have a number below 2^512 (OpenSSL):
            # one in 512 ladders, too slow to find
            dg, r, s = ladder_sig(c, d, Q)
            need(f"{pre}_LADDER verifies here", verify_int(c, Q, digest_int(c, dg), r, s) == 0)
            out(pre + "_LADDER", dg)
            out(pre + "_LADDER_SIG", sig_bytes(c, r, s))
        if key != "R1":
            continue
        for ln in lengths_of(c):
            dg = rand_bytes(ln)
            if nb == 66 and ln > 64:    # so that OpenSSL, which takes 64
                dg = b"\0\0" + dg[2:]   # bytes at most, can check it
            name = f"{pre}_L{ln}"
            out(name, dg, f"{curve}, d random, a digest of {ln} bytes: valid, and\n"
                "_WRONG signed over the digest read by another rule")
            emit_sig(c, name, Q, d, dg)
            r, s = sign_int(c, d, wrong_int(c, dg), a_k(c))
            need(f"{name}_WRONG does not verify here",
                 verify_int(c, Q, digest_int(c, dg), r, s) != 0)
            out(name + "_WRONG", sig_bytes(c, r, s))
    # encodings: a key whose X and Y both start with a zero byte
    d = leading_zero_key(c)
    Q = mul(c, d, G(c))
    pre = f"ECDSA_E_{curve}_Z"
    full = point_bytes(c, Q)
    out(pre + "_PRIV", d.to_bytes(nb, "big"),
        f"{curve}: a key whose X and Y both start with 00, and its encodings\n"
        "other than 04 || X || Y (each coordinate the curve's size), all -EINVAL:\n"
        "_SHORT 04 || X || Y without those zero bytes (the kernel's own took\n"
        "it on 6.13+), _02 the first byte 02, _COMPRESSED 02/03 || X,\n"
        "_NO_PREFIX X || Y, _LONG one zero byte more at the end")
    out(pre + "_PUB", full)
    dg = rand_bytes(min(nb, 64))
    out(pre + "_DIGEST", dg)
    emit_sig(c, pre, Q, d, dg)
    out(pre + "_SHORT", b"\x04" + full[2:1 + nb] + full[2 + nb:])
    out(pre + "_02", b"\x02" + full[1:])
    out(pre + "_COMPRESSED", bytes([2 + (Q[1] & 1)]) + full[1:1 + nb])
    out(pre + "_NO_PREFIX", full[1:])
    out(pre + "_LONG", full + b"\0")


def main():
    out(None, comment="""Generated by tests/vectors/gen-ecdsa-edge.py - do not edit.

ECDSA vectors for "p1363(ecdsa-nist-pN)" (issue 30): keys d = 1, 2,
n - 1, n - 2 and random ones on P-192, P-256, P-384 and P-521, made with
Python's big integers (FIPS 186-5 6.4) and checked by check-vectors.py with
OpenSSL.  For each key ECDSA_E_<curve>_<key>_:
  PRIV, PUB      d, and Q = dG as 04 || X || Y
  DIGEST, SIG    a digest of the curve's size and its signature: valid
  BAD            SIG with s's lowest bit flipped: -EKEYREJECTED
  DBL, DBL_SIG   a digest e = d r and a valid signature where u1 G = u2 Q:
                 u1 G + u2 Q is a doubling
  INF, INF_SIG   a digest e = -d r and (r, s) where u1 G + u2 Q is the
                 point at infinity: -EKEYREJECTED (FIPS 186-5 6.4.2 step 6)
  LADDER, LADDER_SIG  (d = 1, 2, n - 1, n - 2; not P-521) a digest and a valid
                 signature for which Shamir's ladder computing u1 G + u2 Q
                 (bits from the top, adding G, Q or G + Q) adds a point to
                 itself or its negative midway
and for the first random key (R1), digests of other lengths: L<len>, its
valid _SIG, and _WRONG, signed over the digest read another way (padded on
the right, its rightmost bytes, or P-521's first 72 bytes as a number):
-EKEYREJECTED.  A digest longer than the order counts by its leftmost bits,
as many as the order has: P-521's 66 bytes and more lose their last bits
(its DBL and INF digests are the number shifted left by 7).  P-521 digests
longer than 64 bytes start with two zero bytes, and its DBL and INF numbers
are below 2^512, so that each number fits the 64 bytes OpenSSL's pkeyutl
takes.""")
    for curve, c in CURVES.items():
        curve_vectors(curve, c)
    text = "\n".join(lines[1:]) + "\n"
    if "--check" in sys.argv[1:]:
        if open(OUT).read() != text:
            fails.append(f"{OUT} is not what {os.path.basename(__file__)} makes")
    if fails:
        for f in fails:
            print("FAIL " + f)
        sys.exit(1)
    if "--check" not in sys.argv[1:]:
        open(OUT, "w").write(text)
    count = sum(1 for ln in lines if ln and ln[0] not in "#\t")
    print(f"gen-ecdsa-edge: {count} vectors, arithmetic agrees with OpenSSL")


main()
