#!/usr/bin/env python3
"""Include cycles in src/, at two levels:
- between files: a header that includes, round some loop, itself, anywhere
  in src/;
- between the parts of src/server and src/app (the folders given): a part
  is a header and its source file (server/lobby.h and server/lobby.cpp),
  and part A uses part B when a file of A includes a header of B. Two parts
  that use each other, directly or round a longer loop, are one concept
  split in two or a layer reaching back up (issue 42 found
  server/network <-> server/http_server and server/lobby <->
  server/moderation).
Run by scripts/check-format; prints each cycle and fails.

usage: tools/include_cycles.py [--self-test] [FOLDER...]   (default: server app)
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def part_of(path):
    """"server/lobby" for server/lobby.h, server/lobby.cpp or server/lobby.js."""
    return os.path.splitext(path)[0]


def read_includes(src):
    """{file: set of files it includes}, paths relative to `src`, for every
    .h and .cpp under it."""
    includes = {}
    for folder, _, names in os.walk(src):
        for name in names:
            if name.endswith((".h", ".cpp")):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as source:
                    includes[os.path.relpath(path, src)] = set(INCLUDE.findall(source.read()))
    return includes


def part_uses(includes, folders):
    """{part: set of parts it includes}, for the parts in `folders`."""
    uses = {}
    for path, included in includes.items():
        part = part_of(path)
        if part.split("/")[0] not in folders:
            continue
        uses.setdefault(part, set()).update(part_of(header) for header in included if part_of(header) != part)
    return uses


def cycles(uses):
    """The strongly connected groups of two or more parts (Tarjan), each
    sorted, in sorted order."""
    index, low, on_stack, stack, groups = {}, {}, set(), [], []
    counter = [0]

    def visit(part):
        # Iterative, so a deep chain of includes cannot overflow Python's stack.
        work = [(part, iter(sorted(uses.get(part, ()))))]
        index[part] = low[part] = counter[0]
        counter[0] += 1
        stack.append(part)
        on_stack.add(part)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in uses:
                    continue  # a header outside src/ or one with no file
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(uses.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))

    for part in sorted(uses):
        if part not in index:
            visit(part)
    return sorted(groups)


def self_test():
    checks = [
        ("no cycle", {"a": {"b"}, "b": {"c"}, "c": set()}, []),
        ("two parts", {"a": {"b"}, "b": {"a"}}, [["a", "b"]]),
        ("a loop of three and a bystander", {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
        ("two separate cycles", {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}}, [["a", "b"], ["c", "d"]]),
        ("a header outside src/", {"a": {"nlohmann/json"}}, []),
    ]
    failed = [name for name, uses, expected in checks if cycles(uses) != expected]
    for name in failed:
        print(f"FAILED {name}")
    print(f"{len(checks) - len(failed)} of {len(checks)} checks passed")
    return 1 if failed else 0


def main(argv):
    if argv[1:2] == ["--self-test"]:
        return self_test()
    folders = argv[1:] or ["server", "app"]
    src = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
    includes = read_includes(src)
    found = [("files", group) for group in cycles(includes)]
    found += [("parts", group) for group in cycles(part_uses(includes, folders))]
    for level, group in found:
        print(f"include_cycles: these {level} include one another: " + ", ".join(group))
    if found:
        return 1
    print(f"include_cycles: no cycles among the {len(includes)} files of src/, nor among the parts of "
          + " and ".join("src/" + folder for folder in folders))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
