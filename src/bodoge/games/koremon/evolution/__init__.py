"""Monster Evolution (モンスター・エボリューション): roll, take and evolve monsters."""
