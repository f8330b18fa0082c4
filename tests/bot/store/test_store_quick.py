"""`quick_init`: a frozen dataclass built faster is the same object, still frozen."""

import dataclasses
import pickle

import pytest

from bot.store.quick import quick_init
from bot.store.rows import GameRow


@dataclasses.dataclass(frozen=True, slots=True)
class Plain:
    first: int
    second: str
    third: float | None = None
    fourth: tuple[int, ...] = (1, 2)


Quick = quick_init(
    dataclasses.dataclass(frozen=True, slots=True)(
        type(
            "Quick",
            (),
            {"__annotations__": dict(Plain.__annotations__), "third": None, "fourth": (1, 2)},
        )
    )
)


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        ((1, "a"), {}),
        ((1, "a", 2.5), {}),
        ((1,), {"second": "b", "fourth": (3,)}),
        ((), {"first": 0, "second": ""}),
    ],
)
def test_a_quick_init_sets_what_the_dataclass_init_sets(args, kwargs) -> None:
    plain, quick = Plain(*args, **kwargs), Quick(*args, **kwargs)
    assert dataclasses.astuple(quick) == dataclasses.astuple(plain)
    assert hash(quick) == hash(dataclasses.replace(quick))
    assert quick == dataclasses.replace(quick) and quick != dataclasses.replace(quick, first=9)
    assert pickle.loads(pickle.dumps(quick)) == quick


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((), {}), ((1, "a", 2.0, (), 5), {}), ((1, "a"), {"fifth": 5}), ((1, "a"), {"first": 2})],
)
def test_a_quick_init_refuses_what_the_dataclass_init_refuses(args, kwargs) -> None:
    with pytest.raises(TypeError):
        Plain(*args, **kwargs)
    with pytest.raises(TypeError):
        Quick(*args, **kwargs)


def test_a_quickly_built_object_stays_frozen() -> None:
    quick = Quick(1, "a")
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.first = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del quick.second  # type: ignore[misc]


@pytest.mark.parametrize(
    "options", [{"frozen": False, "slots": True}, {"frozen": True, "slots": False}]
)
def test_only_a_frozen_slotted_dataclass_is_given_one(options) -> None:
    cls = dataclasses.dataclass(**options)(type("Loose", (), {"__annotations__": {"x": int}}))
    with pytest.raises(TypeError):
        quick_init(cls)


def test_a_post_init_or_a_default_factory_keeps_the_dataclass_init() -> None:
    namespace = {"__annotations__": {"x": list}, "x": dataclasses.field(default_factory=list)}
    made = dataclasses.dataclass(frozen=True, slots=True)(type("Made", (), namespace))
    with pytest.raises(TypeError):
        quick_init(made)


def test_the_games_row_is_built_quickly() -> None:
    assert GameRow.__init__.__module__ == "bot.store.quick"
