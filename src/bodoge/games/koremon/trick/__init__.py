"""Trick the Monster! (トリック・ザ・モンスター！): tricks on the monster deck."""
