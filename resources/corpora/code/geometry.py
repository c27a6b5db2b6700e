"""Small geometry helpers: points, distances and a bounding box."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Point:
    x: float
    y: float

    def distance_to(self, other: Point) -> float:
        return math.hypot(self.x - other.x, self.y - other.y)

    def __add__(self, other: Point) -> Point:
        return Point(self.x + other.x, self.y + other.y)


@dataclass(frozen=True)
class Box:
    left: float
    top: float
    right: float
    bottom: float

    @classmethod
    def around(cls, points: list[Point]) -> Box:
        if not points:
            raise ValueError("cannot bound an empty list of points")
        xs = [p.x for p in points]
        ys = [p.y for p in points]
        return cls(min(xs), min(ys), max(xs), max(ys))

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top

    def contains(self, point: Point) -> bool:
        return self.left <= point.x <= self.right and self.top <= point.y <= self.bottom


def perimeter(points: list[Point]) -> float:
    """Length of the closed polygon through ``points`` in order."""
    total = 0.0
    for i, point in enumerate(points):
        total += point.distance_to(points[(i + 1) % len(points)])
    return total
