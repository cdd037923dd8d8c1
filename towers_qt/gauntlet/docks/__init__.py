"""The Battle Log dock."""
