"""Stand-in for PyTorch: ChERRANT's char-level path imports it but only uses it for LTP (word level)."""


class _Cuda:
    @staticmethod
    def is_available():
        return False


cuda = _Cuda()


def device(name):
    return name
