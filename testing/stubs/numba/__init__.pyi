"""numba as the strength yardstick uses it (`testing.strength.ponte_jit`, `mcts_ponte`), for
mypy: `njit` compiles a function to one that is called the same way. numba's own `njit` is not
annotated, and numba is not installed at all where only the `test` extra is (pyproject.toml's
`mypy_path` puts this stub first in both cases)."""

from collections.abc import Callable
from typing import TypeVar

_F = TypeVar("_F", bound=Callable[..., object])

def njit(*, cache: bool = ...) -> Callable[[_F], _F]: ...
