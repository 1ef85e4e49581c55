"""Benchmarks for the rules engine: ``python -m benchmarks.engine``."""
