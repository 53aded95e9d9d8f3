"""Hunt the Monster! (ハント・ザ・モンスター！): a ring of six monsters, a die, and the pyramid."""
