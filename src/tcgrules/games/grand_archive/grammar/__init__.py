"""The Grand Archive card-text grammar (package data)."""
