"""Adapters to game-AI libraries: OpenSpiel (``openspiel``) and PettingZoo (``pettingzoo``).

Each module needs its extra (``pip install 'medici[openspiel]'``, ``'medici[pettingzoo]'``);
importing one without it raises ImportError saying which extra to install.
"""
