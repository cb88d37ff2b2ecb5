"""Stand-in for LTP: only ChERRANT's word level segments with it; the bench runs char level."""


class LTP:
    def __init__(self, *args, **kwargs):
        raise RuntimeError("LTP is not available: the bench runs ChERRANT at char level only")
