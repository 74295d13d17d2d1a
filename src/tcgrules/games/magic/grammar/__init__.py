"""Magic card-text grammar and word lists (package data)."""
