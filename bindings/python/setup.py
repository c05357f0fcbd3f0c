"""A wheel that carries the library is a platform wheel; one without it stays pure.

`make wheel` copies the release library into message_composer/ before building: the wheel is
then tagged py3-none-<platform> (any Python 3, no Python ABI: the binding is ctypes) and its files
go to platlib, as auditwheel requires before it retags the wheel manylinux. A build from the
source tree without the library (`pip install ./bindings/python`) gives py3-none-any, which loads
an installed library (see message_composer/_library.py). The metadata is in pyproject.toml.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.dist import Distribution

BUNDLED = Path(__file__).resolve().parent / "message_composer" / "libmessage_composer.so.1"


class PlatformWheel(bdist_wheel):
    def get_tag(self):
        python, abi, platform = super().get_tag()
        if BUNDLED.exists():
            return "py3", "none", platform
        return python, abi, platform


class LibraryDistribution(Distribution):
    def has_ext_modules(self):
        # Makes bdist_wheel name the platform; nothing is compiled.
        return BUNDLED.exists()


setup(cmdclass={"bdist_wheel": PlatformWheel}, distclass=LibraryDistribution)
