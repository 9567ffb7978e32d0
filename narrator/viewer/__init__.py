"""The replay viewer: a recorded game told again as one seat, the public or the host saw it.

:mod:`timeline` cuts a transcript into moments and decides who saw each record; :mod:`tell` puts a
lens's moments into words; :mod:`terminal` and :mod:`page` print them or write one offline page;
:mod:`access` decides which lenses a page's owner may be given.
"""
