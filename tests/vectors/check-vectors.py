#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""check-vectors.py: check the hash, MAC, CRC and ECDSA known answers of
tests/vectors/ on the host, each with two implementations where the host
has two, and never with kfx.

  fips180, sha3, rfc7693   Python hashlib and `openssl dgst`
  rfc4231, longmsg (HMAC)  Python hmac and `openssl mac ... HMAC`
  rfc4493                  `openssl mac -cipher AES-128-CBC ... CMAC`
  rfc3720                  a bitwise CRC32C below (reflected, 0x82F63B78)
  ecdsa                    OpenSSL: the public key from the RFC's private
                           key, `openssl dgst -verify` and `openssl
                           pkeyutl -verify` for the signatures (valid ones
                           must verify, invalid ones must not; a digest
                           longer than the curve also cut to its size, a
                           shorter one also left-padded), `openssl pkey`
                           for the malformed keys
  ecdsa-edge               the same with OpenSSL for every key (d = 1, 2,
                           n - 1, n - 2, random) and digest length; first
                           its generator, gen-ecdsa-edge.py --check, which
                           checks its own arithmetic with OpenSSL too

Every vector of the files it checks must be used by a check (a value
nothing checks is an error).  Stdlib and the openssl command only (Debian:
python3, openssl).  Exit status 0 when all agree, 1 otherwise.

  tests/vectors/check-vectors.py [-v]
"""
import base64
import hashlib
import hmac
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKED = ["fips180.vec", "sha3.vec", "rfc4231.vec", "rfc4493.vec",
           "rfc3720.vec", "rfc7693.vec", "ecdsa.vec", "longmsg.vec",
           "ecdsa-edge.vec"]
verbose = "-v" in sys.argv[1:]
failures = []
used = set()
tmp = tempfile.mkdtemp(prefix="kfx-vectors.")


def read_vec(path):
    """NAME -> bytes, with the rules of tools/vectors2h.sh."""
    vec, name, hexs = {}, None, ""
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("#") or not line.strip():
            continue
        if line[0] in " \t":
            hexs += re.sub(r"\s", "", line)
            continue
        if name:
            vec[name] = bytes.fromhex(hexs)
        parts = line.split(None, 1)
        name, hexs = parts[0], re.sub(r"\s", "", parts[1] if len(parts) > 1 else "")
    if name:
        vec[name] = bytes.fromhex(hexs)
    return vec


V = {}
for f in CHECKED:
    for k, v in read_vec(os.path.join(HERE, f)).items():
        if k in V:
            failures.append(f"{f}: {k} defined twice")
        V[k] = v


def get(name):
    used.add(name)
    return V[name]


def check(what, got, want):
    if got != want:
        failures.append(f"{what}: the file says {want.hex() if isinstance(want, bytes) else want}, "
                        f"computed {got.hex() if isinstance(got, bytes) else got}")
    elif verbose:
        print(f"ok   {what}")


def tmpfile(name, data):
    p = os.path.join(tmp, name)
    with open(p, "wb") as f:
        f.write(data)
    return p


def openssl(*args, data=None, ok=True):
    r = subprocess.run(["openssl", *args], input=data, capture_output=True)
    if ok and r.returncode:
        failures.append(f"openssl {' '.join(args)}: {r.stderr.decode().strip()}")
    return r


# --- hashes -----------------------------------------------------------------

OSSL_DGST = {"sha1": "sha1", "sha224": "sha224", "sha256": "sha256",
             "sha384": "sha384", "sha512": "sha512", "sha3_256": "sha3-256",
             "sha3_512": "sha3-512", "blake2b": "blake2b512"}


def digest_both(alg, msg, want, what):
    check(f"{what} (hashlib)", hashlib.new(alg, msg).digest(), want)
    r = openssl("dgst", "-" + OSSL_DGST[alg], "-binary", tmpfile("msg", msg))
    check(f"{what} (openssl dgst)", r.stdout, want)


million_a = b"a" * 1000000
for alg, tag in (("sha1", "SHA1"), ("sha224", "SHA224"), ("sha256", "SHA256"),
                 ("sha384", "SHA384"), ("sha512", "SHA512")):
    for m in ("ABC", "448", "896", "MILLION_A"):
        name = f"FIPS180_{tag}_{m}"
        if name not in V:
            continue
        msg = million_a if m == "MILLION_A" else get(f"FIPS180_MSG_{m}")
        digest_both(alg, msg, get(name), name)
check("FIPS180_MSG_ABC is \"abc\"", get("FIPS180_MSG_ABC"), b"abc")
check("FIPS180_MSG_448 text", get("FIPS180_MSG_448"),
      b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
check("FIPS180_MSG_896 text", get("FIPS180_MSG_896"),
      b"".join(bytes(range(0x61 + i, 0x69 + i)) for i in range(14)))

check("SHA3_MSG_ABC is \"abc\"", get("SHA3_MSG_ABC"), b"abc")
check("SHA3_MSG_1600 is 200 bytes of 0xa3", get("SHA3_MSG_1600"), b"\xa3" * 200)
for alg, tag in (("sha3_256", "SHA3_256"), ("sha3_512", "SHA3_512")):
    digest_both(alg, b"", get(f"{tag}_EMPTY"), f"{tag}_EMPTY")
    digest_both(alg, get("SHA3_MSG_ABC"), get(f"{tag}_ABC"), f"{tag}_ABC")
    digest_both(alg, get("SHA3_MSG_1600"), get(f"{tag}_1600"), f"{tag}_1600")

check("RFC7693_MSG_ABC is \"abc\"", get("RFC7693_MSG_ABC"), b"abc")
digest_both("blake2b", get("RFC7693_MSG_ABC"), get("RFC7693_BLAKE2B512_ABC"),
            "RFC7693_BLAKE2B512_ABC")


# --- HMAC -------------------------------------------------------------------

def hmac_both(alg, key, msg, want, what):
    mac = hmac.new(key, msg, alg).digest()
    check(f"{what} (hmac)", mac[:len(want)], want)
    r = openssl("mac", "-digest", alg.upper(), "-macopt", "hexkey:" + key.hex(),
                "-in", tmpfile("msg", msg), "HMAC")
    check(f"{what} (openssl mac)", bytes.fromhex(r.stdout.decode().strip())[:len(want)], want)


for tc in range(1, 8):
    for alg in ("sha256", "sha512"):
        sfx = "_TRUNC128" if tc == 5 else ""
        name = f"RFC4231_TC{tc}_{alg.upper()}{sfx}"
        want = get(name)
        if tc == 5 and len(want) != 16:
            failures.append(f"{name}: the truncated output is 16 bytes")
        hmac_both(alg, get(f"RFC4231_TC{tc}_KEY"), get(f"RFC4231_TC{tc}_DATA"), want, name)


# --- AES-CMAC (OpenSSL only: the standard library has no AES) ---------------

def cmac_openssl(key, msg):
    r = openssl("mac", "-cipher", "AES-128-CBC", "-macopt", "hexkey:" + key.hex(),
                "-in", tmpfile("msg", msg), "CMAC")
    return bytes.fromhex(r.stdout.decode().strip())


key = get("RFC4493_KEY")
check("RFC4493_EX1_MAC (openssl mac)", cmac_openssl(key, b""), get("RFC4493_EX1_MAC"))
for ex, n in ((2, 16), (3, 40), (4, 64)):
    msg = get(f"RFC4493_EX{ex}_MSG")
    check(f"RFC4493_EX{ex}_MSG length", len(msg), n)
    check(f"RFC4493_EX{ex}_MAC (openssl mac)", cmac_openssl(key, msg), get(f"RFC4493_EX{ex}_MAC"))


# --- CRC32C -----------------------------------------------------------------

def crc32c_register(data, reg=0xFFFFFFFF):
    """The reflected CRC32C register after @data, from @reg (no final XOR)."""
    for b in data:
        reg ^= b
        for _ in range(8):
            reg = (reg >> 1) ^ (0x82F63B78 if reg & 1 else 0)
    return reg


def crc32c_kernel_bytes(data, seed=0xFFFFFFFF):
    """What the kernel's crc32c shash writes: ~register, little-endian."""
    return ((~crc32c_register(data, seed)) & 0xFFFFFFFF).to_bytes(4, "little")


# The usual value of the check string "123456789" (RFC 3720 gives none;
# 0xE3069283 is CRC-32C's catalogued check value): guards the routine.
check("CRC32C check value", int.from_bytes(crc32c_kernel_bytes(b"123456789"), "little"), 0xE3069283)
for name, want_msg in (("ZEROS", bytes(32)), ("ONES", b"\xff" * 32),
                       ("INCR", bytes(range(32))), ("DECR", bytes(range(31, -1, -1))),
                       ("READ_PDU", None)):
    msg = get(f"RFC3720_{name}")
    if want_msg is not None:
        check(f"RFC3720_{name} bytes", msg, want_msg)
    check(f"RFC3720_{name}_CRC", crc32c_kernel_bytes(msg), get(f"RFC3720_{name}_CRC"))
# The seed continuation the test relies on: the first 16 bytes' digest,
# each byte inverted, is the register, and as a key it takes the rest of
# the PDU to the whole PDU's CRC.
pdu = V["RFC3720_READ_PDU"]
seed = bytes(b ^ 0xFF for b in crc32c_kernel_bytes(pdu[:16]))
check("RFC3720_READ_PDU continued from a seed",
      crc32c_kernel_bytes(pdu[16:], int.from_bytes(seed, "little")), V["RFC3720_READ_PDU_CRC"])


# --- the generated long message --------------------------------------------

def longmsg(n=100003):
    x, out = 1, bytearray()
    for _ in range(n):
        x = (1103515245 * x + 12345) & 0xFFFFFFFF
        out.append((x >> 16) & 0xFF)
    return bytes(out)


lm = longmsg()
check("LONGMSG_HEAD", lm[:16], get("LONGMSG_HEAD"))
digest_both("sha256", lm, get("LONGMSG_SHA256"), "LONGMSG_SHA256")
digest_both("sha512", lm, get("LONGMSG_SHA512"), "LONGMSG_SHA512")
hmac_both("sha256", b"Jefe", lm, get("LONGMSG_HMAC_SHA256"), "LONGMSG_HMAC_SHA256")
check("LONGMSG key is RFC4231_TC2_KEY", V["RFC4231_TC2_KEY"], b"Jefe")


# --- ECDSA ------------------------------------------------------------------

CURVES = {
    # name: (bytes, OID of the named curve (DER body), order n, private key x of RFC 6979)
    "P192": (24, bytes.fromhex("2a8648ce3d030101"),
             0xFFFFFFFFFFFFFFFFFFFFFFFF99DEF836146BC9B1B4D22831,
             0x6FAB034934E4C0FC9AE67F5B5659A9D7D1FEFD187EE09FD4),
    "P256": (32, bytes.fromhex("2a8648ce3d030107"),
             0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551,
             0xC9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721),
    "P384": (48, bytes.fromhex("2b81040022"),
             int("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
                 "C7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973", 16),
             int("6B9D3DAD2E1B8C1C05B19875B6659F4DE23C3B667BF297BA"
                 "9AA47740787137D896D5724E4C70A825F872C9EA60D2EDF5", 16)),
    "P521": (66, bytes.fromhex("2b81040023"),
             int("01" + "FF" * 32 + "FA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C"
                 "47AEBB6FB71E91386409", 16),
             int("0FAD06DAA62BA3B25D2FB40133DA757205DE67F5BB0018FEE8C86E1B68C7E75C"
                 "AA896EB32F1F47C70855836A6D16FCC1466F6D8FBEC67DB89EC0C08B0E996B83538", 16)),
}
# The signature each curve's invalid vectors are made from, as (hash, message).
BAD_FROM = {"P192": ("SHA256", "SAMPLE"), "P256": ("SHA256", "SAMPLE"),
            "P384": ("SHA384", "SAMPLE")}
EC_PUBLIC_KEY_OID = bytes.fromhex("2a8648ce3d0201")


def der(tag, body):
    n = len(body)
    if n < 128:
        return bytes([tag, n]) + body
    ln = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([tag, 0x80 | len(ln)]) + ln + body


def spki_pem(curve, point):
    """SubjectPublicKeyInfo (RFC 5480) of @point, as PEM."""
    alg = der(0x30, der(0x06, EC_PUBLIC_KEY_OID) + der(0x06, CURVES[curve][1]))
    d = der(0x30, alg + der(0x03, b"\0" + point))
    return (b"-----BEGIN PUBLIC KEY-----\n" + base64.encodebytes(d) +
            b"-----END PUBLIC KEY-----\n")


def p1363_to_der(sig):
    """r || s as the DER ECDSA-Sig-Value OpenSSL takes (kfx takes r || s only)."""
    half = len(sig) // 2

    def integer(b):
        b = b.lstrip(b"\0") or b"\0"
        if b[0] & 0x80:
            b = b"\0" + b
        return der(0x02, b)
    return der(0x30, integer(sig[:half]) + integer(sig[half:]))


def pkeyutl_verify(curve, pub, digest, sig):
    kp = tmpfile("pub.pem", spki_pem(curve, pub))
    r = openssl("pkeyutl", "-verify", "-pubin", "-inkey", kp, "-in", tmpfile("dgst", digest),
                "-sigfile", tmpfile("sig.der", p1363_to_der(sig)), ok=False)
    return r.returncode == 0 and b"Verified Successfully" in r.stdout


def dgst_verify(curve, pub, hashname, msg, sig):
    kp = tmpfile("pub.pem", spki_pem(curve, pub))
    r = openssl("dgst", "-" + hashname, "-verify", kp, "-signature",
                tmpfile("sig.der", p1363_to_der(sig)), tmpfile("msg", msg), ok=False)
    return r.returncode == 0 and b"Verified OK" in r.stdout


MSGS = {"SAMPLE": b"sample", "TEST": b"test"}
check("ECDSA_MSG_SAMPLE", get("ECDSA_MSG_SAMPLE"), b"sample")
check("ECDSA_MSG_TEST", get("ECDSA_MSG_TEST"), b"test")
for name in [k for k in V if re.fullmatch(r"ECDSA_SHA\d+_(SAMPLE|TEST)", k)]:
    alg, m = name.split("_")[1:]
    digest_both(alg.lower(), MSGS[m], get(name), name)

for curve, (nb, oid, n, x) in CURVES.items():
    pub = get(f"ECDSA_{curve}_PUB")
    check(f"ECDSA_{curve}_PUB length", len(pub), 1 + 2 * nb)
    check(f"ECDSA_{curve} order n is {nb} bytes", (n.bit_length() + 7) // 8, nb)
    # U = xG: OpenSSL's public key of the RFC's private key (RFC 5915).
    priv = der(0x30, der(0x02, b"\x01") + der(0x04, x.to_bytes(nb, "big")) +
               der(0xA0, der(0x06, oid)))
    r = openssl("ec", "-inform", "DER", "-in", tmpfile("priv.der", priv),
                "-pubout", "-outform", "DER")
    check(f"ECDSA_{curve}_PUB = xG (openssl ec)", r.stdout[-(1 + 2 * nb):], pub)
    for name in [k for k in V if re.fullmatch(rf"ECDSA_{curve}_SHA\d+_(SAMPLE|TEST)_SIG", k)]:
        hashname, m = name.split("_")[2].lower(), name.split("_")[3]
        sig = get(name)
        check(f"{name} length", len(sig), 2 * nb)
        r_, s_ = int.from_bytes(sig[:nb], "big"), int.from_bytes(sig[nb:], "big")
        check(f"{name}: 0 < r, s < n", 0 < r_ < n and 0 < s_ < n, True)
        digest = get(f"ECDSA_{hashname.upper()}_{m}")
        check(f"{name} (openssl dgst -{hashname} -verify)",
              dgst_verify(curve, pub, hashname, MSGS[m], sig), True)
        check(f"{name} (openssl pkeyutl -verify, raw digest of {len(digest)} bytes)",
              pkeyutl_verify(curve, pub, digest, sig), True)
        if len(digest) > nb:
            # Only the digest's left-most curve-size bytes count (FIPS
            # 186-4 6.4, kfx and the kernel alike): cut to them, or with
            # every byte past them inverted, it must verify as well; with
            # the last of them inverted, not.
            check(f"{name} with the digest cut to {nb} bytes",
                  pkeyutl_verify(curve, pub, digest[:nb], sig), True)
            tail = digest[:nb] + bytes(b ^ 0xFF for b in digest[nb:])
            check(f"{name} with the digest's bytes past {nb} inverted",
                  pkeyutl_verify(curve, pub, tail, sig), True)
            last = digest[:nb - 1] + bytes([digest[nb - 1] ^ 0xFF]) + digest[nb:]
            check(f"{name} with the digest's byte {nb - 1} inverted refused",
                  pkeyutl_verify(curve, pub, last, sig), False)
        elif len(digest) < nb and nb * 8 == n.bit_length():
            # A shorter digest is a number: left-padded with zeros to the
            # curve's size it is the same number (not so for P-521, whose
            # 66 bytes are more than its 521 bits: FIPS 186 would shift).
            check(f"{name} with the digest left-padded to {nb} bytes",
                  pkeyutl_verify(curve, pub, bytes(nb - len(digest)) + digest, sig), True)

    if curve not in BAD_FROM:
        continue
    h, m = BAD_FROM[curve]
    good = V[f"ECDSA_{curve}_{h}_{m}_SIG"]
    gd = V[f"ECDSA_{h}_{m}"]
    r_, s_ = good[:nb], good[nb:]
    flip = get(f"ECDSA_{curve}_BAD_S_FLIP")
    check(f"ECDSA_{curve}_BAD_S_FLIP is s ^ 1", flip, r_ + s_[:-1] + bytes([s_[-1] ^ 1]))
    check(f"ECDSA_{curve}_BAD_S_FLIP refused (openssl)", pkeyutl_verify(curve, pub, gd, flip), False)
    for bad, want, says in (("BAD_R_ZERO", bytes(nb) + s_, "0 || s"),
                            ("BAD_S_N", r_ + n.to_bytes(nb, "big"), "r || n"),
                            ("BAD_R_N", n.to_bytes(nb, "big") + s_, "n || s"),
                            ("BAD_S_ZERO", r_ + bytes(nb), "r || 0")):
        if f"ECDSA_{curve}_{bad}" not in V:
            continue
        v = get(f"ECDSA_{curve}_{bad}")
        check(f"ECDSA_{curve}_{bad} is {says}", v, want)
        check(f"ECDSA_{curve}_{bad} refused (openssl)", pkeyutl_verify(curve, pub, gd, v), False)
    # the signature with another message's digest
    other = V.get(f"ECDSA_{h}_TEST")
    if other is not None:
        check(f"ECDSA_{curve} \"sample\" signature on \"test\" refused (openssl)",
              pkeyutl_verify(curve, pub, other, good), False)

pub = V["ECDSA_P256_PUB"]
r = openssl("pkey", "-pubin", "-in", tmpfile("good.pem", spki_pem("P256", pub)), "-noout", ok=False)
check("ECDSA_P256_PUB accepted as a key (openssl pkey)", r.returncode, 0)
for name, want in (("ECDSA_P256_PUB_BAD_PREFIX", b"\x05" + pub[1:]),
                   ("ECDSA_P256_PUB_SHORT", pub[:-1]),
                   ("ECDSA_P256_PUB_OFF_CURVE",
                    pub[:33] + (int.from_bytes(pub[33:], "big") + 1).to_bytes(32, "big"))):
    bad = get(name)
    check(f"{name} bytes", bad, want)
    r = openssl("pkey", "-pubin", "-in", tmpfile("bad.pem", spki_pem("P256", bad)),
                "-noout", ok=False)
    check(f"{name} refused as a key (openssl pkey)", r.returncode != 0, True)


# --- ECDSA edge vectors (ecdsa-edge.vec) --------------------------------------

r = subprocess.run([sys.executable, os.path.join(HERE, "gen-ecdsa-edge.py"), "--check"],
                   capture_output=True)
check("ecdsa-edge.vec is what gen-ecdsa-edge.py makes (--check)", r.returncode, 0)
if r.returncode:
    failures.append(r.stdout.decode().strip())


def fips_digest(curve, digest):
    """The digest's leftmost bits(n) bits, or all of it, as a number (FIPS 186-5 6.4.2)."""
    bits = CURVES[curve][2].bit_length()
    e = int.from_bytes(digest, "big")
    return e >> (8 * len(digest) - bits) if 8 * len(digest) > bits else e


def edge_verify(curve, pub, digest, sig):
    """OpenSSL's verdict; pkeyutl takes 64 bytes at most: longer ones as their number."""
    if len(digest) > 64:
        e = fips_digest(curve, digest)
        check(f"{curve}: a {len(digest)}-byte digest's number fits 64 bytes", e < 2**512, True)
        digest = e.to_bytes(64, "big")
    return pkeyutl_verify(curve, pub, digest, sig)


def ossl_pub(curve, d):
    nb, oid = CURVES[curve][0], CURVES[curve][1]
    priv = der(0x30, der(0x02, b"\x01") + der(0x04, d) + der(0xA0, der(0x06, oid)))
    r = openssl("ec", "-inform", "DER", "-in", tmpfile("priv.der", priv),
                "-pubout", "-outform", "DER")
    return r.stdout[-(1 + 2 * nb):]


EDGE_SIGS = {"SIG": True, "BAD": False, "DBL_SIG": True, "INF_SIG": False, "WRONG": False}
for name in sorted(k for k in V if re.fullmatch(r"ECDSA_E_P\d+_\w+_PRIV", k)):
    pre = name[:-len("_PRIV")]
    curve = pre.split("_")[2]
    nb = CURVES[curve][0]
    pub = get(pre + "_PUB")
    check(f"{pre}_PUB = dG (openssl ec)", ossl_pub(curve, get(name)), pub)
    for k in sorted(k for k in V if k.startswith(pre + "_") and
                    re.search(r"_(SIG|BAD|WRONG)$", k)):
        base = re.sub(r"_(SIG|BAD|WRONG)$", "", k)
        digest = get(base + "_DIGEST" if base == pre else base)
        tail = k[len(base) + 1:] if base != pre + "_DBL" and base != pre + "_INF" else k[len(pre) + 1:]
        want = EDGE_SIGS[tail]
        sig = get(k)
        check(f"{k} is {2 * nb} bytes", len(sig), 2 * nb)
        check(f"{k} {'verifies' if want else 'refused'} (openssl pkeyutl, a {len(digest)}-byte digest)",
              edge_verify(curve, pub, digest, sig), want)
    if not pre.endswith("_Z"):
        continue
    # the encodings kfx refuses: their bytes, and OpenSSL's view of them
    x, y = pub[1:1 + nb], pub[1 + nb:]
    check(f"{pre}: X and Y start with a zero byte", (x[0], y[0]), (0, 0))
    comp = bytes([2 + (y[-1] & 1)]) + x
    for suffix, want in (("SHORT", b"\x04" + x[1:] + y[1:]), ("02", b"\x02" + x + y),
                         ("COMPRESSED", comp), ("NO_PREFIX", x + y), ("LONG", pub + b"\0")):
        bad = get(f"{pre}_{suffix}")
        check(f"{pre}_{suffix} bytes", bad, want)
        r = openssl("pkey", "-pubin", "-in", tmpfile("bad.pem", spki_pem(curve, bad)),
                    "-noout", ok=False)
        # OpenSSL takes the compressed point (kfx does not: one encoding)
        check(f"{pre}_{suffix} {'taken' if suffix == 'COMPRESSED' else 'refused'} as a key "
              "(openssl pkey)", r.returncode == 0, suffix == "COMPRESSED")
    r = openssl("pkey", "-pubin", "-in", tmpfile("c.pem", spki_pem(curve, comp)),
                "-pubout", "-outform", "DER", "-ec_conv_form", "uncompressed")
    check(f"{pre}_COMPRESSED is the point of {pre}_PUB (openssl pkey)", r.stdout[-len(pub):], pub)

# R.x >= n: r = R.x - n, accepted by OpenSSL; x = n + 3 checked by hand here
xn_pub, xn_dig, xn_sig = get("ECDSA_P256_XN_PUB"), get("ECDSA_P256_XN_DIGEST"), get("ECDSA_P256_XN_SIG")
check("ECDSA_P256_XN_SIG accepted (openssl)", pkeyutl_verify("P256", xn_pub, xn_dig, xn_sig), True)
check("ECDSA_P256_XN_SIG has r = 3", int.from_bytes(xn_sig[:32], "big"), 3)

# --- every value checked ----------------------------------------------------
for k in sorted(set(V) - used):
    failures.append(f"{k}: no check uses it")

for f in failures:
    print("FAIL " + f)
n = len(used)
if failures:
    print(f"check-vectors: {len(failures)} failure(s)")
    sys.exit(1)
print(f"check-vectors: {n} vectors of {len(CHECKED)} files agree with Python and OpenSSL")
