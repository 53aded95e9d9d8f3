"""Monster Auction (モンスター・オークション): sealed bids on six monsters a round."""
