"""What the tests and the benchmarks share, for development only: the fake Discord
(`testing.fakediscord`), the service and end-to-end helpers (`servicekit`, `e2ekit`), a
PostgreSQL server of their own (`pgserver`), position builders, the worker scripts the tests
start, the toy game, and the strength yardstick (`testing.strength`).

It is not part of the installed bot (setuptools packages only `bot`, `engine` and `assets`), and
neither `bot` nor `engine` may import it (an import-linter contract checks that).
"""
