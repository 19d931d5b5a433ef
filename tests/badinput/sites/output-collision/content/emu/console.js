alert('every lab runs this');
