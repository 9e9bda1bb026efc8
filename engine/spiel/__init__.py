"""The games as search libraries see them, below the adapters and the bots that use them:
integer actions and observation tensors (``encoding``, numpy), a game that draws its chance
outcomes one at a time (``table``), and the OpenSpiel game over it (``game``, the extra
``openspiel``). Each needs its own extra, so this package imports none of them itself.
"""
