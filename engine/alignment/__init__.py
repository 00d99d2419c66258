"""Alignment boards on bit boards: the geometry and bit kernels shared by line games (Tauru, Dara...).

A board of points is numbered row by row from the bottom-left corner (Ludii's site order); a set
of points is an int64 bit mask (bit p = point p), one mask per player. ``bits`` gives the compiled
bit primitives (population count, lowest set bit, the k-th set bit); ``grid`` the geometry of a
rectangular grid (point names, orthogonal neighbour masks, per-axis shifts and edge masks for
shifting a whole mask along a line direction, rays for walking a run) as plain int64 tables that
the game kernels receive in their parameter array.
"""
