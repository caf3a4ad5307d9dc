"""What happens at a table: seats, boards, strains, contracts and their Law 77 scores, results,
the cards, the auction and the play, and the traveller lines a session records."""
