#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The debug kernels' config against Debian's (tests/vm/kfxdebug-debian.list).

  debug-config.py take DEBIAN LIST          Debian's lines of every taken option
  debug-config.py check CONFIG DEBIAN LIST  every taken option as Debian has it

A debug kernel (build-debug-kernel.sh) starts from the kernel's minimal
config; "take" gives it Debian's values of what kfx's probes, kfuncs and
tests depend on.  "check" compares the final config with Debian's for the
same options and fails, one line per difference, on any that LIST does not
"allow" (with its reason): an option olddefconfig dropped because the
minimal base lacks what it depends on is found here, not by a test that
misses it in a guest.
"""
import re
import sys


def read_config(path):
    """{name: value} of a .config; "n" for "# CONFIG_X is not set"."""
    vals = {}
    with open(path) as f:
        for line in f:
            line = line.rstrip('\n')
            m = re.match(r'^CONFIG_([A-Za-z0-9_]+)=(.*)$', line)
            if m:
                vals[m.group(1)] = m.group(2)
                continue
            m = re.match(r'^# CONFIG_([A-Za-z0-9_]+) is not set$', line)
            if m:
                vals[m.group(1)] = 'n'
    return vals


def read_list(path):
    """The take patterns, and the allowed names' patterns with reasons."""
    take, allow = [], []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            kind, _, rest = line.partition(':')
            rest = rest.strip()
            if kind == 'take':
                take.append(re.compile(rest))
            elif kind == 'allow':
                pat, _, why = rest.partition(' ')
                if not why.strip():
                    sys.exit(f'{path}:{n}: "allow: {pat}" gives no reason')
                allow.append((re.compile(pat), why.strip()))
            else:
                sys.exit(f'{path}:{n}: neither "take:" nor "allow:"')
    return take, allow


def taken(name, take, allow):
    """NAME is compared: a take pattern matches it, no allow pattern does."""
    if any(p.fullmatch(name) for p, _ in allow):
        return False
    return any(p.fullmatch(name) for p in take)


def line_of(name, val):
    return f'# CONFIG_{name} is not set' if val == 'n' else f'CONFIG_{name}={val}'


def cmd_take(debian, lst):
    take, allow = read_list(lst)
    for name, val in read_config(debian).items():
        if taken(name, take, allow):
            print(line_of(name, val))


def cmd_check(config, debian, lst):
    take, allow = read_list(lst)
    ours, theirs = read_config(config), read_config(debian)
    bad = []
    for name in sorted(set(ours) | set(theirs)):
        if not taken(name, take, allow):
            continue
        a, b = ours.get(name, 'n'), theirs.get(name, 'n')
        if a != b:
            bad.append(f'  CONFIG_{name}: Debian {b}, this kernel {a}')
    compared = sum(1 for n in set(ours) | set(theirs) if taken(n, take, allow))
    if bad:
        print(f'{len(bad)} of {compared} options kfx depends on differ from '
              f"Debian's config and {lst} does not allow them:")
        print('\n'.join(bad))
        return 1
    print(f"{compared} options kfx depends on are as in Debian's config")
    return 0


def main():
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == 'take':
        cmd_take(args[1], args[2])
        return 0
    if len(args) == 4 and args[0] == 'check':
        return cmd_check(args[1], args[2], args[3])
    sys.exit(__doc__)


if __name__ == '__main__':
    sys.exit(main())
