// IsletNotify: see the architecture page.
