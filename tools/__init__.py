"""Research and tuning tools for the AIs: not part of the shipped package (tools/README.md)."""
