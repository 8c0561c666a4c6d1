"""The solver: exact search, per-game knowledge, the player, the measures.

Standard library only (the browser runs it through Pyodide). There is no
second rules implementation in the generic path: the search asks the game
for its moves (`generate_moves`), applies them with `push`/`pop` and asks
`is_won`, so every won line replays through `play` (the measures replay it
to make sure). Some games have a search of their own (`Knowledge.exact`):
the fan games' `fans.FanSearch`, with its own move generator, checked move
for move against the engine by the tests; Мельница's `stocks.MillSearch`,
over a model of its rules, tested against a plain search of the engine and
its won lines replayed through the engine's legal moves; Parterre's
`columns.ParterreSearch` and Пятнадцать's `columns.FifteenSearch`,
best-first searches over the engine's own moves. Four Corners
(`layouts.four_corners_layouts`) and Hemispheres
(`stocks.hemispheres_search`) have a first phase that only looks for wins;
after it the generic search, the only one of theirs that may say "lost".

* `knowledge`: what a game lets the search assume (interchangeable piles,
  safe moves, dead positions, pointless moves), each item proved in the
  comment beside it, and the registry `GAME_KNOWLEDGE`;
* `keys`: canonical position keys;
* `search`: the exact search (randomised greedy playouts to find wins fast,
  then a depth-first search with a transposition table whose exhaustion is
  a proof of loss) and `Budget` / `Solution`;
* `fans`, `columns`, `stocks`, `layouts`, `others`: the knowledge of each
  family of games, with the proofs;
* `information`: what a player can see (face-down cards, the pack's order,
  the shuffle of a redeal) and worlds consistent with it;
* `player`: the player's policy (search of the visible position, sampling
  of the unseen cards);
* `hints`: that policy one move at a time, following the game as it is
  played (never back into a position of its history; the plan it hinted
  continued), for the board's Hint button and `pasyans hint`;
* `measures`: "solvable", "single-deal" and "player", one deal at a time.
"""
