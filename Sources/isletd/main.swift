print("isletd: not yet")
