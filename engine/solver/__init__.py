"""The solver: exact search, per-game knowledge, the player, the measures.

Standard library only (the browser runs it through Pyodide). There is no
second rules implementation in the generic path: the search asks the game
for its moves (`generate_moves`), applies them with `push`/`pop` and asks
`is_won`, so every won line replays through `play` (the measures replay it
to make sure). Some games have a search of their own (`Knowledge.exact`):
the fan games' `fans.FanSearch`, with its own move generator, checked move
for move against the engine by the tests; Мельница's `MillSearch`
(games/mill.py), over a model of its rules, tested against a plain search
of the engine and its won lines replayed through the engine's legal moves;
Parterre's `ParterreSearch` and Пятнадцать's `FifteenSearch`
(games/parterre.py, games/fifteen.py), best-first searches over the
engine's own moves. Four Corners (`four_corners_layouts`) and Hemispheres
(`hemispheres_search`) have a first phase that only looks for wins; after
it the generic search, the only one of theirs that may say "lost".

* `games/`: one module per game, named by its slug as in engine/games/
  (games/shah.py beside engine/games/shah.py): what the search may assume
  about that game (safe moves, dead tests, pointless moves, its key, a
  search of its own), each item proved in the comment beside it, and its
  registration. A reader looking for how a game is decided opens its file;
* `fans`, `columns`, `layouts`: the machinery several games of a family
  share (the fan search and the fans' dead tests; the column games'
  `marriage_safe` and `columns_stuck`; the layout games' `layout_safe`),
  with the proofs. The stock games and the others share none;
* `knowledge`: the `Knowledge` record (what a game lets the search
  assume), `register`, and the helpers several games' proofs use
  (`crossing_safe`, `spec_twins`, `strip_to_fixpoint`, ...); it imports no
  game's module;
* `registry`: `knowledge(game)`, which imports the modules of games/ (by
  slug, through importlib, as `engine.registry` finds the games) the first
  time it is asked, never while it is itself imported; they take the record
  from `knowledge`, not from it, so no import goes round in a circle;
* `keys`: canonical position keys;
* `search`: the exact search (randomised greedy playouts to find wins fast,
  then a depth-first search with a transposition table whose exhaustion is
  a proof of loss) and `Budget` / `Solution`;
* `information`: what a player can see (face-down cards, the pack's order,
  the shuffle of a redeal) and worlds consistent with it;
* `player`: the player's policy (search of the visible position, sampling
  of the unseen cards);
* `hints`: that policy one move at a time, following the game as it is
  played (never back into a position of its history; the plan it hinted
  continued), for the board's Hint button and `pasyans hint`;
* `measures`: "solvable", "single-deal" and "player", one deal at a time.
"""
