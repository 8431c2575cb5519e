"""Tuning records: what tunes measured and modelled, in SQLite, and libraries built from them."""
