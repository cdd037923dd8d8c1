"""The Draft."""
