"""Flesh and Blood card-text grammar (package data)."""
