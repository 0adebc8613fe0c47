#!/usr/bin/env python3
"""The house rule on sizes (README, "How to work"): every hand-written file in
src/ at most 450 lines and every function at most 80, unless a comment says
why. Run by scripts/check-format; prints each breach and fails.

A file is let off by its opening comment, a function by the comment just
above it, when that comment says "kept whole" (and, in its words, why).

Functions are found in C++ laid out by clang-format (scripts/check-format
checks that first): comments, strings and character literals are blanked,
then braces are matched. A brace opens a function body when the text before
it, since the last ';', '{' or '}' at the same depth, ends with a parameter
list (then perhaps const, noexcept, override, a trailing return type or a
constructor's initialisers), and it sits in a namespace, a class or at file
scope. Lambdas and blocks inside a function count towards that function.
A function's length is counted from the line of its opening brace to the
line of its closing brace, both included. JavaScript files are checked for
their length only.

usage: tools/code_sizes.py [--max-file N] [--max-function N] [FILE...]
       (no FILE: every git-tracked .cpp, .h and .js under src/)
"""
import argparse
import os
import re
import subprocess
import sys

MARKER = "kept whole"
SCOPE_KEYWORDS = re.compile(r"\b(namespace|class|struct|union|enum)\b")
EXTERN_BLOCK = re.compile(r'\bextern\s+"C(\+\+)?"\s*$')
CONSTRUCTOR_INITIALISERS = re.compile(r"\)\s*(noexcept\s*)?:\s*[\w:]+\s*[({]")


def blank_comments_and_literals(text):
    """The text with comments, strings and character literals replaced by
    spaces (line breaks kept), so braces and semicolons in them are not seen."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        nxt = text[i + 1] if i + 1 < n else ""
        if c == "/" and nxt == "/":
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c == "/" and nxt == "*":
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "R" and nxt == '"' and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            # A raw string: R"delimiter( ... )delimiter"
            open_paren = text.find("(", i + 2)
            delimiter = text[i + 2:open_paren]
            end = text.find(")" + delimiter + '"', open_paren)
            j = n if end < 0 else end + len(delimiter) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            # A digit separator (1'000) is not a character literal.
            if c == "'" and i > 0 and text[i - 1].isalnum() and nxt.isalnum():
                out.append(" ")
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(" " * (j - i))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def blank_preprocessor(text):
    """Preprocessor lines (with their continuations) as blank lines, and the
    #elif and #else branches too: the first branch of each #if is the one
    measured, so alternatives do not open a brace twice."""
    lines = text.split("\n")
    continuing = False
    branches = []  # per open #if: whether this line is past its first branch
    for index, line in enumerate(lines):
        directive = line.lstrip()
        if not continuing and directive.startswith("#"):
            word = directive[1:].split()[0] if directive[1:].split() else ""
            if word.startswith("if"):
                branches.append(False)
            elif word in ("elif", "else") and branches:
                branches[-1] = True
            elif word == "endif" and branches:
                branches.pop()
        if continuing or directive.startswith("#") or any(branches):
            continuing = (continuing or directive.startswith("#")) and line.rstrip().endswith("\\")
            lines[index] = ""
    return "\n".join(lines)


def is_function_header(header):
    """Whether the text before a '{' at namespace or class scope is a
    function's signature."""
    header = " ".join(header.split())
    if not header or "(" not in header:
        return False
    if SCOPE_KEYWORDS.match(header) or EXTERN_BLOCK.search(header):
        return False
    # A variable or array initialised with braces: "= {" or "Type name{".
    if re.search(r"=\s*$", header):
        return False
    # What may follow the parameter list: qualifiers, a trailing return type,
    # a requires clause, or a constructor's member initialisers.
    tail = header[header.rfind(")") + 1:]
    if re.fullmatch(r"(\s*(const|noexcept|override|final|mutable|volatile|&|&&|->\s*[\w:<>,\s*&]+))*\s*", tail):
        return True
    # Constructor initialisers: ") : member_(value), other_{value}" ends in
    # ")" or "}" which the last-')' rule above may not reach.
    return CONSTRUCTOR_INITIALISERS.search(header) is not None


def functions(text):
    """(first line, last line, name) of each function body in C++ `text`."""
    code = blank_preprocessor(blank_comments_and_literals(text))
    found = []
    # Each open brace: (kind, line, name); kind is "scope" or "function" or "block".
    stack = []
    header_start = 0
    line = 1
    for i, c in enumerate(code):
        if c == "\n":
            line += 1
        elif c == "{":
            header = code[header_start:i]
            inside_function = any(kind == "function" for kind, _, _ in stack)
            if inside_function:
                kind = "block"
            elif CONSTRUCTOR_INITIALISERS.search(header) and re.search(r"\w\s*$", header):
                # A member initialised with braces in a constructor's list:
                # the body's brace is still to come.
                stack.append(("initialiser", line, ""))
                continue
            elif is_function_header(header):
                kind = "function"
            elif SCOPE_KEYWORDS.search(header) or EXTERN_BLOCK.search(" ".join(header.split())):
                kind = "scope"
            else:
                kind = "block"
            name = ""
            if kind == "function":
                before = header[:header.find("(")] if "(" in header else header
                words = re.findall(r"[~\w:]+", before)
                name = words[-1] if words else "?"
            stack.append((kind, line, name))
            header_start = i + 1
        elif c == "}":
            if stack:
                kind, first, name = stack.pop()
                if kind == "function":
                    found.append((first, line, name))
                if kind == "initialiser":
                    continue
            header_start = i + 1
        elif c == ";":
            header_start = i + 1
    return found


def comment_above(lines, first_line):
    """The comment lines just above the signature that ends on `first_line`
    (1-based): the signature's own lines are skipped back to a blank line,
    a comment, or the end of the previous statement."""
    index = first_line - 1
    # Walk up over the signature's lines (it may span several).
    while index > 0:
        previous = lines[index - 1].strip()
        if not previous or previous.startswith("//") or previous.endswith((";", "}", "{")) or \
                previous.endswith("*/") or previous.startswith("#") or previous.endswith(":"):
            break
        index -= 1
    comment = []
    while index > 0 and (lines[index - 1].strip().startswith("//") or lines[index - 1].strip().startswith("template")):
        comment.append(lines[index - 1])
        index -= 1
    return "\n".join(reversed(comment))


def opening_comment(lines):
    comment = []
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("//") or stripped.startswith("/*") or stripped.startswith("*"):
            comment.append(stripped)
        elif stripped:
            break
    return "\n".join(comment)


def check_file(path, max_file, max_function):
    """The breaches in one file, as lines of text."""
    with open(path, encoding="utf-8") as source:
        text = source.read()
    lines = text.split("\n")
    count = len(lines) - (1 if text.endswith("\n") else 0)
    problems = []
    if count > max_file and MARKER not in opening_comment(lines).lower():
        problems.append(f"{path}: {count} lines (at most {max_file}, or an opening comment saying why it is {MARKER})")
    if path.endswith((".cpp", ".h")):
        for first, last, name in functions(text):
            length = last - first + 1
            if length > max_function and MARKER not in comment_above(lines, first).lower():
                problems.append(f"{path}:{first}: {name} is {length} lines (at most {max_function}, "
                                f"or a comment above it saying why it is {MARKER})")
    return problems


def tracked_sources(root):
    listed = subprocess.run(["git", "ls-files", "--", "src/*.cpp", "src/*.h", "src/*.js"], cwd=root,
                            capture_output=True, text=True, check=True).stdout.split()
    return [os.path.join(root, path) for path in listed]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-file", type=int, default=450)
    parser.add_argument("--max-function", type=int, default=80)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = args.files or tracked_sources(root)
    problems = []
    for path in files:
        problems += check_file(path, args.max_file, args.max_function)
    for problem in problems:
        print(os.path.relpath(problem.split(":")[0], root) + problem[len(problem.split(":")[0]):]
              if problem.startswith(root) else problem)
    if problems:
        print(f"code_sizes: {len(problems)} over the limits in {len(files)} files")
        return 1
    print(f"code_sizes: {len(files)} files within {args.max_file} lines, their functions within {args.max_function}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
