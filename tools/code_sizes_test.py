#!/usr/bin/env python3
"""Checks tools/code_sizes.py on small pieces of C++ whose functions are
known: what it takes for a function body, what it leaves out, how it
measures, and what lets a file or a function off. Prints "N of N checks
passed" and fails on any other count (the ctest entry code_sizes_checks)."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import code_sizes  # noqa: E402

checks = []


def check(name, got, expected):
    checks.append((name, got == expected, got, expected))


def spans(text):
    return [(first, last, name) for first, last, name in code_sizes.functions(text)]


# A free function, a member defined outside its class, and one inside it
# (with qualifiers and a trailing return type).
check("functions at namespace and class scope", spans("""namespace a {
int twice(int x) {
  return 2 * x;
}
struct S {
  int get() const { return 1; }
  auto size() const noexcept -> int {
    return 0;
  }
};
int S2::run(int x) {
  return x;
}
}  // namespace a
"""), [(2, 4, "twice"), (6, 6, "get"), (7, 9, "size"), (11, 13, "S2::run")])

# Lambdas, blocks and initialisers inside a function belong to it.
check("lambdas and blocks count towards their function", spans("""void f() {
  auto g = [&](int x) {
    if (x) {
      return;
    }
  };
  int list[] = {1, 2};
}
"""), [(1, 8, "f")])

# Braces at namespace scope that are no function: data, enums, a class.
check("data, enums and classes are not functions", spans("""constexpr int kTable[3] = {
    1, 2, 3};
enum class Colour { Black, White };
const Point kCorner{0, 0};
class C {
  int x_ = 0;
};
extern "C" {
void exported() {}
}
"""), [(9, 9, "exported")])

# Braces in comments, strings, characters and raw strings are not seen.
check("braces inside comments and literals", spans("""int f() {
  // }
  /* { */
  const char* s = "}";
  char c = '{';
  auto r = R"x(})x";
  return 1'000;
}
"""), [(1, 8, "f")])

# A constructor with member initialisers, and an operator.
check("constructors and operators", spans("""Widget::Widget(int size)
    : size_(size), name_{"w"} {
  grow();
}
bool operator==(const A& a, const A& b) {
  return true;
}
"""), [(2, 4, "Widget::Widget"), (5, 7, "operator")])

# Preprocessor lines are not code, and of #if's branches only the first counts.
check("preprocessor lines", spans("""#define BLOCK {
#if X
int f() {
#else
int f() {
#endif
  return 0;
}
"""), [(3, 8, "f")])


def breaches(text, max_file=450, max_function=80):
    with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as file:
        file.write(text)
    try:
        return len(code_sizes.check_file(file.name, max_file, max_function))
    finally:
        os.unlink(file.name)


long_body = "int f() {\n" + "  ++x;\n" * 5 + "}\n"
check("a function over the limit is reported", breaches(long_body, max_function=6), 1)
check("a function at the limit is not", breaches(long_body, max_function=7), 0)
check("a comment above saying it is kept whole lets it off",
      breaches("// Kept whole: one loop a reader follows best in one piece.\n" + long_body, max_function=6), 0)
check("a comment above saying something else does not",
      breaches("// Adds to x.\n" + long_body, max_function=6), 1)
check("a signature over two lines finds its comment",
      breaches("// Kept whole: the search's hot path.\nint f(int a,\n      int b) {\n" + "  ++x;\n" * 5 + "}\n",
               max_function=6), 0)
check("a file over the limit is reported", breaches("int x;\n" * 12, max_file=10), 1)
check("an opening comment saying it is kept whole lets a file off",
      breaches("// Kept whole: a table.\n" + "int x;\n" * 12, max_file=10), 0)

passed = sum(1 for _, ok, _, _ in checks if ok)
for name, ok, got, expected in checks:
    if not ok:
        print(f"FAILED {name}: got {got}, expected {expected}")
print(f"{passed} of {len(checks)} checks passed")
sys.exit(0 if passed == len(checks) else 1)
