"""Real services the tests start for themselves (Redis), on private loopback ports."""
