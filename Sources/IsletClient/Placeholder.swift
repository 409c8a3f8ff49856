// IsletClient: see the architecture page.
