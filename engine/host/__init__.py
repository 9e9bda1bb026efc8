"""``medici host``: one table that friends join over SSH, each with the shell on their own
screen.

- ``table``: the one shared table (game, seats, who is connected, the lock, every move
  told to all, the save after every move, the bots' worker);
- ``seat``: one person at the table (``Guest``), the shell's mode for a seat
  (``SeatMode``: the same commands, completion and toolbar, restricted to one's own seat)
  and the prompt loop;
- ``screen``: a person's bounded output, written above their prompt from any thread;
- ``guard``: what a client's keys may reach the prompt (floods, long lines, garbage);
- ``server``: the SSH server (prompt-toolkit's ``contrib.ssh`` on asyncssh), its door
  and limits; ``keys``: the host key and table passwords;
- ``hosting``: ``run_host``, the hosting terminal and how to join.

Only ``server`` and ``hosting`` need asyncssh (the ``host`` extra: ``medici[host]``).
"""
